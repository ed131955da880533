import { X } from './icons';
import { FAST_DEBOUNCE_MS, getClientErrorMessage } from '@lumen-bi/core';
import { useEffect, useId, useMemo, useRef, useState, type ClipboardEvent, type KeyboardEvent, type UIEvent } from 'react';
import { optionKey, splitPastedText, textToValues, type SelectOption } from './select-values';

/** One page of options from a server-side source, with how many match the search in all. */
export interface SelectPage {
  options: SelectOption[];
  total: number;
}

/** Loads page `page` (0-based) of the options matching `search` (already trimmed; '' for all). */
export type LoadSelectOptions = (search: string, page: number) => Promise<SelectPage>;

/** Options fetched for one search: pages appended in order. */
interface AsyncState {
  search: string;
  options: SelectOption[];
  total: number;
  page: number;
  loading: boolean;
  error: string | null;
}

/** How close (px) to the list's bottom a scroll must come to fetch the next page. */
const SCROLL_LOAD_MARGIN = 24;

export interface SelectProps {
  /** Accessible name of the combobox (the control's label). */
  label: string;
  options: readonly SelectOption[];
  value: unknown;
  onChange(value: unknown): void;
  multi?: boolean;
  /** Accept values that are not among the options (typed or pasted). */
  freeForm?: boolean;
  placeholder?: string;
  /** Label of the option offered for typed text in free-form selects; defaults to the text. */
  createLabel?: (text: string) => string;
  disabled?: boolean;
  /** Shown under the dropdown (a server error, spec 1 §8). */
  error?: string | null;
  /**
   * Server-side option source: replaces client-side filtering of `options` (which then only name values,
   * e.g. the chosen ones). The first page is fetched on mount so chosen values are named by the server;
   * typing refetches page 0 after `debounceMs`; further pages load on scroll or 'Load more'.
   */
  loadOptions?: LoadSelectOptions;
  /** Debounce of searches sent to `loadOptions`; the spec's fast debounce (spec 1: 250 ms) by default. */
  debounceMs?: number;
}

/** A value without a label of its own, as a person reads it: text as is, a list joined, never raw JSON. */
function displayValue(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(displayValue).join(', ');
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/**
 * A searchable select: type to filter, Enter or click to pick, Backspace on an empty input removes the
 * last chip. Pasting splits on comma, CRLF, newline, tab and semicolon (spec 1 §5); without `freeForm`,
 * pasted or typed values not among the options are dropped.
 *
 * @example
 * <Select label="Group by" multi options={columns} value={groupby} onChange={setGroupby} />
 */
export function Select({ label, options, value, onChange, multi = false, freeForm = false, placeholder, createLabel, disabled, error, loadOptions, debounceMs = FAST_DEBOUNCE_MS }: SelectProps) {
  const id = useId();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  // A single select shows its value as the input's text while the user is not typing in it.
  const [focused, setFocused] = useState(false);
  const [active, setActive] = useState(0);
  const inputRef = useRef<HTMLInputElement>(null);
  // The list closes a moment after blur; focus coming back (Shift+Tab) before then must keep it open.
  const closeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const cancelClose = () => clearTimeout(closeTimer.current);
  useEffect(() => cancelClose, []);
  const selected = useMemo<unknown[]>(() => (multi ? (Array.isArray(value) ? value : value == null ? [] : [value]) : value == null ? [] : [value]), [value, multi]);
  const selectedKeys = new Set(selected.map(optionKey));
  const remote = useAsyncOptions(loadOptions, text.trim(), debounceMs);
  // Every label ever loaded is remembered: a chosen value stays named after a search replaces the page it came from.
  const seenLabels = useRef(new Map<string, string>());
  for (const o of remote.state?.options ?? []) seenLabels.current.set(optionKey(o.value), o.label);
  const labelOf = (v: unknown) => {
    const given = options.find((o) => optionKey(o.value) === optionKey(v))?.label;
    // The server's name is the freshest; the caller's `options` name what the server has not returned (yet).
    const named = loadOptions ? (seenLabels.current.get(optionKey(v)) ?? given) : given;
    return named ?? displayValue(v);
  };

  const needle = text.trim().toLowerCase();
  // With a server source the server has filtered already; the `options` prop only names values then.
  const pool: readonly SelectOption[] = loadOptions ? (remote.state?.search === text.trim() ? remote.state.options : []) : options;
  const visible = pool.filter((o) => !(multi && selectedKeys.has(optionKey(o.value))) && (loadOptions || !needle || o.label.toLowerCase().includes(needle)));
  const exact = pool.some((o) => o.label.toLowerCase() === needle);
  const loading = !!loadOptions && (remote.state === null || remote.state.loading || remote.state.search !== text.trim());
  const hasMore = !!remote.state && !remote.state.loading && remote.state.options.length < remote.state.total;
  const known: readonly SelectOption[] = loadOptions ? [...options, ...pool] : options;
  const offerCreate = freeForm && needle !== '' && !exact;
  const items: SelectOption[] = offerCreate ? [...visible, { value: text.trim(), label: createLabel ? createLabel(text.trim()) : text.trim() }] : visible;

  const commit = (values: unknown[]) => {
    if (values.length === 0) return;
    if (multi) {
      const next = [...selected];
      for (const v of values) if (!next.some((s) => optionKey(s) === optionKey(v))) next.push(v);
      onChange(next);
    } else {
      onChange(values[0]);
      setOpen(false);
    }
    setText('');
    setActive(0);
  };
  const remove = (v: unknown) => onChange(multi ? selected.filter((s) => optionKey(s) !== optionKey(v)) : null);

  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const pasted = event.clipboardData.getData('text');
    const parts = splitPastedText(pasted);
    // A single plain word is ordinary typing; only lists are turned into values.
    if (!multi || parts.length < 2) return;
    event.preventDefault();
    commit(textToValues(parts, known, freeForm));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      setActive((a) => Math.min(a + 1, items.length - 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((a) => Math.max(a - 1, 0));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const item = items[active] ?? items[0];
      if (item) commit([item.value]);
      else commit(textToValues([text.trim()].filter(Boolean), known, freeForm));
    } else if (event.key === 'Escape') {
      setOpen(false);
    } else if (event.key === 'Backspace' && text === '' && multi && selected.length) {
      remove(selected[selected.length - 1]);
    }
  };

  const listId = `${id}-list`;
  return (
    <div className={`bi-select${disabled ? ' bi-select--disabled' : ''}`}>
      <div className="bi-select__box" onClick={() => inputRef.current?.focus()}>
        {multi &&
          selected.map((v) => (
            <span className="bi-chip" key={optionKey(v)}>
              {labelOf(v)}
              <button type="button" className="bi-chip__remove" aria-label={`Remove ${labelOf(v)}`} onClick={() => remove(v)} disabled={disabled}>
                <X size={14} aria-hidden="true" />
              </button>
            </span>
          ))}
        <input
          ref={inputRef}
          role="combobox"
          aria-label={label}
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          className="bi-select__input"
          data-value={!multi && selected.length ? labelOf(selected[0]) : undefined}
          disabled={disabled}
          value={!multi && selected.length && !focused ? labelOf(selected[0]) : text}
          placeholder={!multi && selected.length ? labelOf(selected[0]) : selected.length ? '' : (placeholder ?? 'Select…')}
          onChange={(e) => {
            setText(e.target.value);
            setOpen(true);
            setActive(0);
          }}
          onFocus={() => {
            cancelClose();
            setFocused(true);
            setOpen(true);
          }}
          // Delay so a click on an option lands before the list closes.
          onBlur={() => {
            setFocused(false);
            cancelClose();
            closeTimer.current = setTimeout(() => setOpen(false), 150);
          }}
          onPaste={onPaste}
          onKeyDown={onKeyDown}
        />
      </div>
      {open && !disabled && (
        <ul
          className="bi-select__list"
          role="listbox"
          id={listId}
          aria-label={label}
          aria-busy={loading}
          onScroll={(e: UIEvent<HTMLUListElement>) => {
            const list = e.currentTarget;
            if (hasMore && list.scrollTop + list.clientHeight >= list.scrollHeight - SCROLL_LOAD_MARGIN) remote.loadMore();
          }}
        >
          {items.length === 0 && !loading && <li className="bi-select__empty">No data</li>}
          {items.map((item, index) => (
            <li
              key={optionKey(item.value) + index}
              role="option"
              aria-selected={selectedKeys.has(optionKey(item.value))}
              className={`bi-select__option${index === active ? ' bi-select__option--active' : ''}`}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => commit([item.value])}
            >
              {item.label}
            </li>
          ))}
          {loading && (
            <li className="bi-select__loading" role="status">
              Loading…
            </li>
          )}
          {hasMore && (
            // A button as well as scrolling: the list may be too short to scroll, and keyboards cannot scroll it.
            <li className="bi-select__more">
              <button type="button" onMouseDown={(e) => e.preventDefault()} onClick={remote.loadMore}>
                Load more
              </button>
            </li>
          )}
        </ul>
      )}
      {(error || remote.state?.error) && (
        <p className="bi-field-error" role="alert">
          {error || remote.state?.error}
        </p>
      )}
    </div>
  );
}

/**
 * Fetches options for `search` from `load`: page 0 at once on mount, after `debounceMs` for later searches
 * (results replace the previous search's), and the next page on `loadMore` (appended). Answers to a
 * search or page that is no longer current are dropped, so a slow early reply cannot overwrite a later one.
 */
function useAsyncOptions(load: LoadSelectOptions | undefined, search: string, debounceMs: number) {
  const [state, setState] = useState<AsyncState | null>(null);
  const request = useRef(0);
  const loadRef = useRef(load);
  loadRef.current = load;
  const first = useRef(true);

  const fetchPage = (term: string, page: number) => {
    const source = loadRef.current;
    if (!source) return;
    const id = ++request.current;
    setState((s) => (s && s.search === term && page > 0 ? { ...s, loading: true } : { search: term, options: s?.search === term ? s.options : [], total: 0, page, loading: true, error: null }));
    source(term, page).then(
      (answer) => {
        if (id !== request.current) return;
        setState((s) => {
          const previous = page > 0 && s ? s.options : [];
          const keys = new Set(previous.map((o) => optionKey(o.value)));
          // Pages may overlap when rows are added meanwhile (or chosen ids are prepended); keep one of each.
          const merged = [...previous, ...answer.options.filter((o) => !keys.has(optionKey(o.value)) && keys.add(optionKey(o.value)))];
          return { search: term, options: merged, total: answer.total, page, loading: false, error: null };
        });
      },
      (failure: unknown) => {
        if (id !== request.current) return;
        setState((s) => ({ search: term, options: s?.search === term ? s.options : [], total: 0, page, loading: false, error: getClientErrorMessage(failure) }));
      },
    );
  };

  useEffect(() => {
    if (!loadRef.current) return;
    if (first.current) {
      first.current = false;
      fetchPage(search, 0);
      return;
    }
    const timer = setTimeout(() => fetchPage(search, 0), debounceMs);
    return () => clearTimeout(timer);
  }, [search, debounceMs, !!load]);

  const loadMore = () => {
    if (state && !state.loading && state.options.length < state.total) fetchPage(state.search, state.page + 1);
  };
  return { state, loadMore };
}
