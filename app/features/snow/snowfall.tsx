/**
 * Twelve flakes. Only transform and opacity animate, on a fixed layer that
 * takes no space, so nothing shifts; CSS hides them unless <html data-snow="on"> and stops them
 * for visitors who prefer reduced motion.
 */
const FLAKES = Array.from({ length: 12 }, (_, i) => i);

export function Snowfall() {
  return (
    <div className="snowfall" aria-hidden="true">
      {FLAKES.map((i) => (
        <span key={i} className="flake">
          ❄
        </span>
      ))}
    </div>
  );
}
