import { Notice } from '../../components/Notice';
import { PageHeader } from '../../components/PageHeader';
import { useApiQuery } from '../../hooks/use-api-query';
import { ApiKeyPanel } from './ApiKeyPanel';
import { EnginePanel } from './EnginePanel';
import { SettingsForm } from './SettingsForm';

export function SettingsPage() {
  const settings = useApiQuery('settings.get', {});
  const replace = (next: NonNullable<typeof settings.data>) => settings.setData(() => next);
  return (
    <section aria-labelledby="page-title">
      <PageHeader title="Settings" />
      <Notice message={settings.error} />
      {settings.data && (
        <div className="settings-grid">
          <SettingsForm settings={settings.data} onSaved={replace} />
          <div className="stack">
            <EnginePanel />
            <ApiKeyPanel
              keySet={settings.data.apiKeySet}
              lastFour={settings.data.apiKeyLastFour}
              onChanged={replace}
            />
          </div>
        </div>
      )}
    </section>
  );
}
