// Monitoring state. The pending metrics buffer lives here rather than in a listener's closure:
// records are plain data, so the buffer, its drops and every flush show in Redux DevTools and on
// /debug, and a test can see exactly what is waiting to be sent.
import { createAction, createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';
import { monitoringConfig } from '../../shared/monitoringConfig';
import { rootReducer } from '../../shared/reducer';
import { isValidRecord, isVitalName, rateMetric } from './metrics';
import type { MetricRecord, PerformanceAlert, Rating, VitalName, VitalReading } from './metrics';

export interface MonitoringSession {
  /** Whether this page load's metrics are sent (decided once per load). */
  sampled: boolean;
  sampleRate: number;
  startedAt: number;
}

export interface MonitoringState {
  session: MonitoringSession | null;
  /** Records waiting to be sent, oldest first. */
  pending: MetricRecord[];
  /** Records in a request that has not answered yet. */
  inFlight: number;
  /** The last flush failed: wait for the timer rather than retry on every new record. */
  backoff: boolean;
  /** Records dropped because the buffer was full. */
  dropped: number;
  sent: number;
  failedFlushes: number;
  /** The latest reading of each web vital. */
  vitals: Partial<Record<VitalName, VitalReading>>;
  /** The most recent records, sampled or not, for the /debug chart. */
  history: MetricRecord[];
  alerts: PerformanceAlert[];
  /** Measurements this browser (or library) cannot take. */
  unsupported: string[];
}

const initialState: MonitoringState = {
  session: null,
  pending: [],
  inFlight: 0,
  backoff: false,
  dropped: 0,
  sent: 0,
  failedFlushes: 0,
  vitals: {},
  history: [],
  alerts: [],
  unsupported: [],
};

/** Drops the oldest pending records beyond the bound, counting them. */
const bound = (state: MonitoringState) => {
  const excess = state.pending.length - monitoringConfig.maxBuffered;
  if (excess > 0) {
    state.pending.splice(0, excess);
    state.dropped += excess;
  }
};

// Injected into the store when this module loads: with the browser features' listeners (src/app/browserListeners.ts)
// or the /debug page, so the first load does not carry it. Until then selectMonitoring reads the initial state.
const monitoringSlice = createSlice({
  name: 'monitoring',
  initialState,
  reducers: {
    sessionStarted(state, action: PayloadAction<MonitoringSession>) {
      state.session = action.payload;
    },
    metricRecorded(state, action: PayloadAction<MetricRecord>) {
      const record = action.payload;
      if (!isValidRecord(record)) return;
      if (isVitalName(record.name)) {
        state.vitals[record.name] = {
          name: record.name,
          value: record.value,
          rating: rateMetric(record.name, record.value),
          timestamp: record.timestamp,
        };
      }
      state.history.push(record);
      if (state.history.length > monitoringConfig.historySize) state.history.shift();
      if (state.session?.sampled) {
        state.pending.push(record);
        bound(state);
      }
    },
    /** The first `count` pending records went into a request. */
    flushStarted(state, action: PayloadAction<{ count: number }>) {
      state.pending.splice(0, action.payload.count);
      state.inFlight += action.payload.count;
    },
    flushSucceeded(state, action: PayloadAction<{ count: number }>) {
      state.inFlight = Math.max(0, state.inFlight - action.payload.count);
      state.sent += action.payload.count;
      state.backoff = false;
    },
    /** The request failed: its records go back to the front of the buffer. */
    flushFailed(state, action: PayloadAction<{ records: MetricRecord[]; status?: number }>) {
      state.inFlight = Math.max(0, state.inFlight - action.payload.records.length);
      state.pending.unshift(...action.payload.records);
      state.failedFlushes += 1;
      state.backoff = true;
      bound(state);
    },
    alertsRaised(state, action: PayloadAction<PerformanceAlert[]>) {
      state.alerts.push(...action.payload);
      if (state.alerts.length > monitoringConfig.maxAlerts)
        state.alerts.splice(0, state.alerts.length - monitoringConfig.maxAlerts);
    },
    measurementUnsupported(state, action: PayloadAction<{ name: string }>) {
      if (!state.unsupported.includes(action.payload.name)) state.unsupported.push(action.payload.name);
    },
  },
  selectors: {
    selectMonitoring: (state) => state,
    selectPendingCount: (state) => state.pending.length,
    selectAlerts: (state) => state.alerts,
    selectVitals: (state) => state.vitals,
    selectMetricHistory: (state) => state.history,
  },
}).injectInto(rootReducer);

/** Every 120 s: the latest web vitals, for the analytics feature to report. */
export const vitalsSummarized = createAction<{ metrics: { name: VitalName; value: number; rating: Rating }[] }>(
  'monitoring/vitalsSummarized',
);

export const {
  sessionStarted,
  metricRecorded,
  flushStarted,
  flushSucceeded,
  flushFailed,
  alertsRaised,
  measurementUnsupported,
} = monitoringSlice.actions;
export const { selectMonitoring, selectPendingCount, selectAlerts, selectVitals, selectMetricHistory } =
  monitoringSlice.selectors;
