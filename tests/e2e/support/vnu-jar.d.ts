// vnu-jar ships no types. Its main export is the path of vnu.jar as a String object, so `String(jar)` gives the path.
declare module 'vnu-jar' {
  const jar: { toString(): string };
  export default jar;
}
