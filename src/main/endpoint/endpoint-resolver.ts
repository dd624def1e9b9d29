import type { EngineStatus } from '../../shared/app-api.js';
import type { EmbeddedEngine } from '../engine-process/embedded-engine.js';
import type { AudioRoute } from '../queue/request-builder.js';
import type { ScoringEndpoint } from '../scoring-client/client.js';
import type { SettingsService } from '../settings/settings-service.js';

/** Which scoring service the app talks to now, and how recordings reach it. */
export class EndpointResolver {
  constructor(
    private readonly settings: SettingsService,
    private readonly engine: EmbeddedEngine,
  ) {}

  current(): ScoringEndpoint | null {
    const settings = this.settings.stored();
    if (settings.endpointMode === 'remote') {
      return settings.remoteBaseUrl
        ? { baseUrl: settings.remoteBaseUrl, apiKey: this.settings.apiKey() }
        : null;
    }
    const baseUrl = this.engine.baseUrl();
    return baseUrl ? { baseUrl, apiKey: this.engine.apiKey } : null;
  }

  audioRoute(): AudioRoute {
    const settings = this.settings.stored();
    return {
      mode: settings.endpointMode,
      audioRoot: settings.recordingsDir,
      mediaBaseUrl: settings.mediaBaseUrl,
    };
  }

  engineStatus(): EngineStatus {
    const settings = this.settings.stored();
    if (settings.endpointMode === 'remote') {
      return { state: 'remote', baseUrl: settings.remoteBaseUrl || null, detail: null };
    }
    return this.engine.status();
  }
}
