export { connectivitySlice, connectivityChanged, selectIsOnline } from './connectivitySlice';
export { addConnectivityListeners } from './listeners';
export { OfflineBanner, OFFLINE_MESSAGE } from './OfflineBanner';
