import { useState } from 'react';
import type { Sitting } from '../../../../shared/app-api';
import { api } from '../../bridge';
import { Notice } from '../../components/Notice';
import { useAction } from '../../hooks/use-action';
import { useApiQuery } from '../../hooks/use-api-query';
import type { PageProps } from '../page-props';
import { SittingRun } from './SittingRun';
import { SittingSetup } from './SittingSetup';
import { SittingSummaryView } from './SittingSummaryView';

/**
 * A mock test: set up (candidate and items), run back to back, then the summary. A
 * sitting left unfinished (the app closed, the host killed) is offered for resuming.
 */
export function SittingPanel({ onNavigate }: PageProps) {
  const [sitting, setSitting] = useState<Sitting | null>(null);
  const unfinished = useApiQuery('sittings.unfinished', {});
  const resume = useAction(async (id: number) =>
    setSitting(await api.call('sittings.get', { id })),
  );
  const back = () => {
    setSitting(null);
    unfinished.reload();
  };
  if (sitting?.status === 'finished') {
    return <SittingSummaryView id={sitting.id} onDone={back} onReopened={setSitting} />;
  }
  if (sitting) return <SittingRun sitting={sitting} onChange={setSitting} onPause={back} />;
  return (
    <div className="sitting">
      <Notice message={unfinished.error ?? resume.error} />
      {(unfinished.data ?? []).length > 0 && (
        <section className="card" aria-label="Unfinished sittings">
          <h2>Unfinished sittings</h2>
          <ul className="plain-list">
            {unfinished.data!.map((open) => {
              const done = open.steps.filter((step) => step.attempt || step.skipped).length;
              return (
                <li key={open.id} className="sitting-row">
                  <span>
                    <strong>{open.candidateName}</strong> · {done} of {open.steps.length} answered
                  </span>
                  <button
                    type="button"
                    className="button-primary"
                    onClick={() => void resume.run(open.id)}
                  >
                    Resume
                  </button>
                </li>
              );
            })}
          </ul>
        </section>
      )}
      <SittingSetup onStarted={setSitting} onNavigate={onNavigate} />
    </div>
  );
}
