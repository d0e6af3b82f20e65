import { vi } from "#app/i18n/vi.ts";
import { useHtmlData } from "#app/lib/html-preferences.ts";
import { chooseTheme } from "./theme-store.ts";
import { THEME_KEYS, type ThemeKey } from "#app/lib/themes.ts";

/** Five swatches, each a labelled toggle button painted in its own palette. */
export function ThemePicker({ serverTheme }: { serverTheme: ThemeKey }) {
  const current = useHtmlData("theme", serverTheme) ?? serverTheme;
  return (
    <div className="theme-picker" role="group" aria-label={vi.theme.pickerLabel}>
      {THEME_KEYS.map((key) => {
        const name = vi.theme.names[key];
        return (
          <button
            key={key}
            type="button"
            className="swatch"
            data-swatch={key}
            aria-label={vi.theme.choose(name)}
            title={vi.theme.choose(name)}
            aria-pressed={current === key}
            onClick={() => chooseTheme(key)}
          />
        );
      })}
    </div>
  );
}
