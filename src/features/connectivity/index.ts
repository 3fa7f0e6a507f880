export { selectCanInstall, selectConnectivity, selectIsOnline } from './connectivitySlice';
export type { ConnectivityState } from './connectivitySlice';
export { addConnectivityListeners } from './listeners';
export { OfflineBanner } from './OfflineBanner';
export { InstallButton } from './InstallButton';
export { registerServiceWorker } from './serviceWorker';
