/**
 * "Jingle Bells" (James Lord Pierpont, 1857; public domain), synthesised with the Web Audio
 * API: no audio file to download. Notes are [MIDI number, beats]; 0 is a rest.
 */
/** "Jingle bells, jingle bells, jingle all the way…": sung twice, with two endings. */
const REFRAIN: [number, number][] = [
  [76, 1],
  [76, 1],
  [76, 2],
  [76, 1],
  [76, 1],
  [76, 2],
  [76, 1],
  [79, 1],
  [72, 1.5],
  [74, 0.5],
  [76, 4],
  [77, 1],
  [77, 1],
  [77, 1.5],
  [77, 0.5],
  [77, 1],
  [76, 1],
  [76, 1],
  [76, 0.5],
  [76, 0.5],
];

const MELODY: [number, number][] = [
  ...REFRAIN,
  [76, 1],
  [74, 1],
  [74, 1],
  [76, 1],
  [74, 2],
  [79, 2],
  ...REFRAIN,
  [79, 1],
  [79, 1],
  [77, 1],
  [74, 1],
  [72, 4],
];

const SECONDS_PER_BEAT = 0.28;

function frequencyOf(midi: number): number {
  return 440 * 2 ** ((midi - 69) / 12);
}

export function playJingleBells(): { stop(): void; finished: Promise<void> } {
  const AudioContextClass =
    window.AudioContext ??
    (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!AudioContextClass) return { stop() {}, finished: Promise.resolve() };
  const context = new AudioContextClass();
  const output = context.createGain();
  output.gain.value = 0.18;
  output.connect(context.destination);

  let time = context.currentTime + 0.05;
  for (const [midi, beats] of MELODY) {
    const duration = beats * SECONDS_PER_BEAT;
    if (midi > 0) {
      const oscillator = context.createOscillator();
      const envelope = context.createGain();
      oscillator.type = "triangle";
      oscillator.frequency.value = frequencyOf(midi);
      // A short attack and decay, like a bell, so repeated notes stay distinct.
      envelope.gain.setValueAtTime(0, time);
      envelope.gain.linearRampToValueAtTime(1, time + 0.02);
      envelope.gain.exponentialRampToValueAtTime(0.001, time + duration * 0.95);
      oscillator.connect(envelope).connect(output);
      oscillator.start(time);
      oscillator.stop(time + duration);
    }
    time += duration;
  }

  let resolveFinished: () => void = () => {};
  const finished = new Promise<void>((resolve) => {
    resolveFinished = resolve;
  });
  const timer = window.setTimeout(
    () => {
      void context.close();
      resolveFinished();
    },
    (time - context.currentTime) * 1000 + 100,
  );

  return {
    stop() {
      window.clearTimeout(timer);
      void context.close();
      resolveFinished();
    },
    finished,
  };
}
