import type { AudioSettings } from '@habitquest/contracts/settings';
import { Volume2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { audioEngine, playSound } from '../../audio/engine';
import { settingsDialogCopy as copy } from '../dialog-copy';
import { useUpdateSettings } from '../mutations';
import { useSaveLater } from '../use-save-later';
import { Section, Switch, VolumeSlider } from './parts';

/** Sound effects and background music, each with its volume (docs/product.md; defaults docs/decisions.md). */
export function AudioPanel({ audio }: { audio: AudioSettings }) {
  const update = useUpdateSettings();
  const [draft, setDraft] = useState(audio);
  const saves = useSaveLater((changes: Partial<AudioSettings>) => {
    update.mutate({ audio: changes });
  });

  // Another device (or the rollback of a refused save) changed the settings: show them.
  useEffect(() => {
    if (!saves.isWaiting()) setDraft(audio);
  }, [audio, saves]);

  const change = (patch: Partial<AudioSettings>, { debounce }: { debounce: boolean }): void => {
    const next = { ...draft, ...patch };
    setDraft(next);
    // The engine hears it at once; the server a moment later.
    audioEngine.configure(next);
    if (debounce) saves.later(patch);
    else saves.now(patch);
  };

  return (
    <div className="flex flex-col gap-4">
      <Section title={copy.audioHeading} description={copy.gestureHint}>
        <div className="flex flex-col gap-5">
          <Switch
            label={copy.soundEffects}
            hint={copy.soundEffectsHint}
            checked={draft.soundEffects}
            onChange={(soundEffects) => {
              change({ soundEffects }, { debounce: false });
            }}
          />
          <VolumeSlider
            label={copy.effectsVolume}
            value={draft.effectsVolume}
            valueText={copy.percent(draft.effectsVolume)}
            disabled={!draft.soundEffects}
            onChange={(effectsVolume) => {
              change({ effectsVolume }, { debounce: true });
            }}
          />
          <div>
            <Button
              variant="secondary"
              disabled={!draft.soundEffects}
              onClick={() => {
                // The button's own click sound is enough of a test; add the completion chime.
                playSound('complete');
              }}
            >
              <Volume2 aria-hidden className="size-4" />
              {copy.testSound}
            </Button>
          </div>
        </div>
      </Section>
      <Section title={copy.musicHeading} description={copy.audioOffHint}>
        <div className="flex flex-col gap-5">
          <Switch
            label={copy.music}
            hint={copy.musicHint}
            checked={draft.music}
            disabled={!draft.soundEffects}
            onChange={(music) => {
              change({ music }, { debounce: false });
            }}
          />
          <VolumeSlider
            label={copy.musicVolume}
            value={draft.musicVolume}
            valueText={copy.percent(draft.musicVolume)}
            disabled={!draft.soundEffects || !draft.music}
            onChange={(musicVolume) => {
              change({ musicVolume }, { debounce: true });
            }}
          />
        </div>
      </Section>
    </div>
  );
}
