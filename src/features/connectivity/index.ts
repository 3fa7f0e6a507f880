export {
  connectivitySlice,
  connectivityChanged,
  installPromptAvailable,
  installRequested,
  installPromptAnswered,
  appInstalled,
  displayModeChanged,
  selectIsOnline,
  selectCanInstall,
  selectIsInstalled,
  selectIsStandalone,
  selectInstallOutcome,
} from './connectivitySlice';
export type { ConnectivityState, InstallOutcome } from './connectivitySlice';
export { addConnectivityListeners } from './listeners';
export type { BeforeInstallPromptEvent } from './listeners';
export { OfflineBanner, OFFLINE_MESSAGE } from './OfflineBanner';
export { InstallButton } from './InstallButton';
export { registerServiceWorker, SERVICE_WORKER_URL } from './serviceWorker';
