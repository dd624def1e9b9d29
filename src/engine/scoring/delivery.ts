import type { AudioCaution } from '../audio/cautions.js';
import { COMPONENT_STATUS } from '../../shared/contract/envelope.js';
import type { ComponentInput } from './components.js';
import * as say from './suggestions.js';

export interface DeliveryComponents {
  pronunciation: ComponentInput;
  fluency: ComponentInput;
}

export interface DeliveryShares extends say.Disfluencies {
  /** Shares of the top mark, 0–1. */
  pronunciation: number;
  fluency: number;
}

/** Pronunciation and fluency that cannot be scored (nothing heard, by default), saying why. */
export function deliveryUnscorable(why: string = say.NOTHING_HEARD): DeliveryComponents {
  const unscorable = { fraction: 0, status: COMPONENT_STATUS.unscorable, suggestion: why };
  return { pronunciation: unscorable, fluency: unscorable };
}

/** Pronunciation and fluency components, cautioned when the recording is clipped or noisy. */
export function deliveryComponents(
  shares: DeliveryShares,
  cautions: readonly AudioCaution[],
): DeliveryComponents {
  const status = cautions.length > 0 ? COMPONENT_STATUS.caution : COMPONENT_STATUS.scored;
  return {
    pronunciation: {
      fraction: shares.pronunciation,
      status,
      suggestion: say.withCautions(say.pronunciationSuggestion(shares.pronunciation), cautions),
    },
    fluency: {
      fraction: shares.fluency,
      status,
      suggestion: say.withCautions(say.fluencySuggestion(shares.fluency, shares), cautions),
    },
  };
}
