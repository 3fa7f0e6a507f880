export { connectivitySlice, selectCanInstall } from './connectivitySlice';
export { addConnectivityListeners } from './listeners';
export { OfflineBanner } from './OfflineBanner';
export { InstallButton } from './InstallButton';
export { registerServiceWorker } from './serviceWorker';
