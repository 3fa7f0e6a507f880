// Setup for the node (server) test project. Nothing is needed yet: server tests build their own app and temp dirs.
export {};
