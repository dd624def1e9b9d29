import { isAbsolute, join } from 'node:path';
import type { z } from 'zod';
import { EXAM_TIMING, Settings, type SettingsUpdate } from '../../shared/app-api.js';
import { DEFAULT_SCALE } from '../../shared/contract/requests.js';
import type { SecretStore } from '../secrets/secret-store.js';
import { UserFacingError } from '../errors/user-facing-error.js';
import type { SettingsRepo } from '../store/settings-repo.js';
import { checkWritableFolder } from './folder-check.js';

export type StoredSettings = Omit<Settings, 'apiKeySet' | 'apiKeyLastFour'>;
/** `endpointChanged`: the endpoint or its key may now answer differently. */
export type SettingsListener = (settings: StoredSettings, endpointChanged: boolean) => void;
type SettingsPatch = z.output<typeof SettingsUpdate>;

const StoredShape = Settings.omit({ apiKeySet: true, apiKeyLastFour: true }).partial();

/** Settings that are not secret live in the store; the API key only in the SecretStore. */
export class SettingsService {
  private readonly listeners = new Set<SettingsListener>();

  constructor(
    private readonly repo: SettingsRepo,
    private readonly secrets: SecretStore,
    private readonly dataDir: string,
  ) {}

  defaults(): StoredSettings {
    return {
      endpointMode: 'embedded',
      remoteBaseUrl: '',
      mediaBaseUrl: '',
      defaultScale: DEFAULT_SCALE,
      defaultPrecision: 0.1,
      recordingsDir: join(this.dataDir, 'recordings'),
      examTiming: EXAM_TIMING,
      showSamples: true,
      microphoneId: '',
    };
  }

  stored(): StoredSettings {
    const parsed = StoredShape.safeParse(this.repo.readAll());
    return { ...this.defaults(), ...(parsed.success ? stripUndefined(parsed.data) : {}) };
  }

  get(): Settings {
    const key = this.secrets.get();
    // Only the last four characters ever leave the main process.
    const apiKeyLastFour = key !== null && key.length > 8 ? key.slice(-4) : null;
    return { ...this.stored(), apiKeySet: key !== null, apiKeyLastFour };
  }

  async update(patch: SettingsPatch): Promise<Settings> {
    const next = { ...this.stored(), ...stripUndefined(patch) };
    validateSettings(next);
    const before = this.stored();
    if (next.recordingsDir !== before.recordingsDir) await checkWritableFolder(next.recordingsDir);
    this.repo.writeAll(next);
    this.notify(
      before.endpointMode !== next.endpointMode || before.remoteBaseUrl !== next.remoteBaseUrl,
    );
    return this.get();
  }

  apiKey(): string | null {
    return this.secrets.get();
  }

  setApiKey(key: string): Settings {
    this.secrets.set(key.trim());
    this.notify(true);
    return this.get();
  }

  clearApiKey(): Settings {
    this.secrets.clear();
    this.notify(true);
    return this.get();
  }

  onChange(listener: SettingsListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private notify(endpointChanged: boolean): void {
    const settings = this.stored();
    for (const listener of this.listeners) listener(settings, endpointChanged);
  }
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

function validateSettings(settings: StoredSettings): void {
  checkUrl(settings.remoteBaseUrl, 'The scoring service address');
  checkUrl(settings.mediaBaseUrl, 'The media address');
  if (settings.endpointMode === 'remote' && settings.remoteBaseUrl === '') {
    throw new UserFacingError(
      'Enter the scoring service address before choosing a remote service.',
    );
  }
  if (!isAbsolute(settings.recordingsDir)) {
    throw new UserFacingError('Choose a folder for the recordings (a full path).');
  }
}

function checkUrl(value: string, what: string): void {
  if (value === '') return;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UserFacingError(`${what} is not a web address (it should start with https://).`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UserFacingError(`${what} must start with http:// or https://.`);
  }
}
