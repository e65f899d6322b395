/** Cycles advanced per second of playing, by speed step. */
export const SPEEDS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000];

export interface Player {
  readonly start: number;
  readonly end: number;
  cycle(): number;
  setCycle(t: number): void;
  playing(): boolean;
  setPlaying(on: boolean): void;
  speed(): number;
  setSpeed(i: number): void;
}

/** The timeline: play/pause, step, speed and a scrubber over the shown window. */
export function timeline(host: HTMLElement, p: Player): () => void {
  host.innerHTML = `
    <button id="play" title="play / pause (space)">play</button>
    <button id="back" title="one cycle back (left arrow; shift: 10)">&#9664;</button>
    <button id="fwd" title="one cycle on (right arrow; shift: 10)">&#9654;</button>
    <label>speed <select id="speed" title="cycles per second (+ / -)">${SPEEDS.map(
      (s, i) => `<option value="${i}">${s}/s</option>`,
    ).join('')}</select></label>
    <input id="scrub" type="range" min="${p.start}" max="${p.end}" step="1" title="cycle (Home / End)">
    <label>cycle <input id="cycle" type="number" min="${p.start}" max="${p.end}"></label>
    <span id="span">of ${p.start}..${p.end}</span>`;
  const $ = <T extends HTMLElement>(id: string) => host.querySelector<T>(`#${id}`)!;
  $('play').onclick = () => p.setPlaying(!p.playing());
  $('back').onclick = () => p.setCycle(p.cycle() - 1);
  $('fwd').onclick = () => p.setCycle(p.cycle() + 1);
  $<HTMLSelectElement>('speed').onchange = (e) => p.setSpeed(Number((e.target as HTMLSelectElement).value));
  $<HTMLInputElement>('scrub').oninput = (e) => p.setCycle(Number((e.target as HTMLInputElement).value));
  $<HTMLInputElement>('cycle').onchange = (e) => p.setCycle(Number((e.target as HTMLInputElement).value));
  return () => {
    $('play').textContent = p.playing() ? 'pause' : 'play';
    $<HTMLInputElement>('scrub').value = String(p.cycle());
    $<HTMLInputElement>('cycle').value = String(p.cycle());
    $<HTMLSelectElement>('speed').value = String(p.speed());
  };
}

/**
 * Plays a player: on every animation frame, while it plays, it moves on by the cycles its speed
 * gives for the time since the frame before (fractions of a cycle carried to the next frame).
 */
export function playLoop(p: Player): void {
  let last = performance.now();
  let carry = 0;
  const frame = (now: number) => {
    if (p.playing()) {
      carry += ((now - last) / 1000) * SPEEDS[p.speed()]!;
      const n = Math.floor(carry);
      if (n > 0) {
        carry -= n;
        p.setCycle(p.cycle() + n);
      }
    }
    last = now;
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

export interface KeyActions {
  player: Player;
  toggleHeat(): void;
  clearSelection(): void;
  fit(): void;
  zoom(f: number): void;
}

/** Keyboard shortcuts (listed in the page's help line). */
export function bindKeys(a: KeyActions): void {
  const p = a.player;
  window.addEventListener('keydown', (e) => {
    if ((e.target as HTMLElement).tagName === 'INPUT' || (e.target as HTMLElement).tagName === 'SELECT')
      return;
    const n = e.shiftKey ? 10 : 1;
    switch (e.key) {
      case ' ':
        p.setPlaying(!p.playing());
        break;
      case 'ArrowRight':
        p.setCycle(p.cycle() + n);
        break;
      case 'ArrowLeft':
        p.setCycle(p.cycle() - n);
        break;
      case 'Home':
        p.setCycle(p.start);
        break;
      case 'End':
        p.setCycle(p.end);
        break;
      case '+':
      case '=':
        p.setSpeed(p.speed() + 1);
        break;
      case '-':
        p.setSpeed(p.speed() - 1);
        break;
      case 'h':
        a.toggleHeat();
        break;
      case 'f':
        a.fit();
        break;
      case 'z':
        a.zoom(1.5);
        break;
      case 'x':
        a.zoom(1 / 1.5);
        break;
      case 'Escape':
        a.clearSelection();
        break;
      default:
        return;
    }
    e.preventDefault();
  });
}
