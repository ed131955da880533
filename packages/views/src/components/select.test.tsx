import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Select, type SelectPage } from './select';
import { filterToChoices, splitPastedText, textToValues } from './select-values';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const COLORS = [
  { value: 'red', label: 'red' },
  { value: 'green', label: 'green' },
  { value: 'blue', label: 'blue' },
];

function paste(input: HTMLElement, text: string) {
  fireEvent.paste(input, { clipboardData: { getData: () => text } });
}

function Harness(props: { freeForm?: boolean; onChange?: (v: unknown) => void }) {
  const [value, setValue] = useState<unknown>([]);
  return (
    <Select
      label="Colors"
      multi
      freeForm={props.freeForm}
      options={COLORS}
      value={value}
      onChange={(v) => {
        setValue(v);
        props.onChange?.(v);
      }}
    />
  );
}

describe('select value rules (spec 1 §5)', () => {
  it('splits pastes on comma, CRLF, newline, tab and semicolon', () => {
    expect(splitPastedText('a, b\r\nc\nd\te;f,,a')).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
  });

  it('drops values not among fixed choices; a single unknown value becomes null', () => {
    expect(filterToChoices(['red', 'pink'], COLORS, true)).toEqual(['red']);
    expect(filterToChoices('pink', COLORS, false)).toBeNull();
    expect(filterToChoices('blue', COLORS, false)).toBe('blue');
    expect(filterToChoices([10, 5000], [{ value: 10, label: '10' }], true)).toEqual([10]);
  });

  it('maps text to option values, keeping unknown text only when free-form', () => {
    expect(textToValues(['RED', 'pink'], COLORS, false)).toEqual(['red']);
    expect(textToValues(['RED', 'pink'], COLORS, true)).toEqual(['red', 'pink']);
  });
});

describe('<Select>', () => {
  it('adds every pasted value found among fixed choices and drops the rest', () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    paste(screen.getByRole('combobox', { name: 'Colors' }), 'red;pink\r\nblue');
    expect(onChange).toHaveBeenLastCalledWith(['red', 'blue']);
    expect(screen.getByRole('button', { name: 'Remove red' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remove blue' })).toBeTruthy();
  });

  it('keeps unknown pasted values in a free-form select', () => {
    const onChange = vi.fn();
    render(<Harness freeForm onChange={onChange} />);
    paste(screen.getByRole('combobox', { name: 'Colors' }), 'red\tpink,teal');
    expect(onChange).toHaveBeenLastCalledWith(['red', 'pink', 'teal']);
  });

  it('filters options while typing, picks with Enter and removes the last chip with Backspace', () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    const input = screen.getByRole('combobox', { name: 'Colors' });
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'gr' } });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['green']);
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onChange).toHaveBeenLastCalledWith(['green']);
    fireEvent.keyDown(input, { key: 'Backspace' });
    expect(onChange).toHaveBeenLastCalledWith([]);
  });

  it('offers no option for unknown text in a fixed-choice select', () => {
    const onChange = vi.fn();
    render(<Select label="Color" options={COLORS} value={null} onChange={onChange} />);
    const input = screen.getByRole('combobox', { name: 'Color' });
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'pink' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByText('No data')).toBeTruthy();
  });
});

/** 250 people, served like the related endpoints: substring filter, pages of `size`. */
const PEOPLE = Array.from({ length: 250 }, (_, i) => ({ value: i + 1, label: `Person ${i + 1}` }));
function peopleSource(size = 100) {
  return vi.fn(async (search: string, page: number): Promise<SelectPage> => {
    const matching = PEOPLE.filter((p) => p.label.toLowerCase().includes(search.toLowerCase()));
    return { options: matching.slice(page * size, (page + 1) * size), total: matching.length };
  });
}

function AsyncHarness(props: { load: ReturnType<typeof peopleSource>; initial?: unknown[]; onChange?: (v: unknown) => void }) {
  const [value, setValue] = useState<unknown>(props.initial ?? []);
  return (
    <Select
      label="People"
      multi
      options={[]}
      loadOptions={props.load}
      value={value}
      onChange={(v) => {
        setValue(v);
        props.onChange?.(v);
      }}
    />
  );
}

/** Lets pending promises (the source's answers) settle and React render them, with fake timers on. */
const flush = () => act(async () => {
  await vi.advanceTimersByTimeAsync(0);
});

const optionTexts = () => screen.queryAllByRole('option').map((o) => o.textContent);

describe('<Select loadOptions> (server-side source)', () => {
  it('debounces searches by 250 ms and replaces the results with the answer for the last text', async () => {
    vi.useFakeTimers();
    const load = peopleSource();
    render(<AsyncHarness load={load} />);
    const input = screen.getByRole('combobox', { name: 'People' });
    fireEvent.focus(input);
    await flush();
    expect(load).toHaveBeenCalledTimes(1);
    expect(load).toHaveBeenLastCalledWith('', 0);
    expect(optionTexts()).toHaveLength(100);

    fireEvent.change(input, { target: { value: 'Person 24' } });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(100);
    });
    fireEvent.change(input, { target: { value: 'Person 245' } });
    // Searching: the stale first page is not offered as if it matched.
    expect(optionTexts()).toEqual([]);
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(249);
    });
    expect(load).toHaveBeenCalledTimes(1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    // One request for the settled text; the intermediate 'Person 24' was never sent.
    expect(load).toHaveBeenCalledTimes(2);
    expect(load).toHaveBeenLastCalledWith('Person 245', 0);
    expect(optionTexts()).toEqual(['Person 245']);
    expect(screen.queryByRole('status')).toBeNull();

    fireEvent.change(input, { target: { value: 'nobody' } });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(250);
    });
    expect(optionTexts()).toEqual([]);
    expect(screen.getByText('No data')).toBeTruthy();
  });

  it('keeps the labels of chosen values when a search returns a page without them', async () => {
    vi.useFakeTimers();
    const load = peopleSource();
    const onChange = vi.fn();
    render(<AsyncHarness load={load} initial={[3]} onChange={onChange} />);
    await flush();
    // Named by the first page fetched on mount, before the list is ever opened.
    expect(screen.getByRole('button', { name: 'Remove Person 3' })).toBeTruthy();

    const input = screen.getByRole('combobox', { name: 'People' });
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'Person 201' } });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(250);
    });
    fireEvent.click(screen.getByRole('option', { name: 'Person 201' }));
    expect(onChange).toHaveBeenLastCalledWith([3, 201]);
    fireEvent.change(input, { target: { value: 'Person 7' } });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(250);
    });
    expect(optionTexts()).not.toContain('Person 3');
    expect(screen.getByRole('button', { name: 'Remove Person 3' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remove Person 201' })).toBeTruthy();
  });

  it('loads the next page with Load more and on scrolling to the bottom, until all are loaded', async () => {
    vi.useFakeTimers();
    const load = peopleSource();
    render(<AsyncHarness load={load} />);
    fireEvent.focus(screen.getByRole('combobox', { name: 'People' }));
    await flush();
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await flush();
    expect(load).toHaveBeenLastCalledWith('', 1);
    expect(optionTexts()).toHaveLength(200);
    expect(optionTexts()[150]).toBe('Person 151');

    const list = screen.getByRole('listbox', { name: 'People' });
    Object.defineProperties(list, { scrollHeight: { value: 1000, configurable: true }, clientHeight: { value: 200, configurable: true } });
    list.scrollTop = 790;
    fireEvent.scroll(list);
    await flush();
    expect(load).toHaveBeenLastCalledWith('', 2);
    expect(optionTexts()).toHaveLength(250);
    // All 250 are loaded: nothing more to offer.
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('shows a failed load as an error under the select', async () => {
    const load = vi.fn(async (): Promise<SelectPage> => {
      throw new Error('people are down');
    });
    render(<Select label="People" multi options={[]} loadOptions={load} value={[]} onChange={() => undefined} />);
    expect((await screen.findByRole('alert')).textContent).toContain('people are down');
  });
});

describe('Select: the chosen value reads as a value', () => {
  it('shows a single value as the input’s text, and as a hint only while the user types over it', () => {
    render(<Select label="Color" options={COLORS} value="green" onChange={() => undefined} />);
    const input = screen.getByRole('combobox', { name: 'Color' }) as HTMLInputElement;
    expect(input.value).toBe('green');
    fireEvent.focus(input);
    expect(input.value).toBe('');
    expect(input.placeholder).toBe('green');
    fireEvent.blur(input);
    expect(input.value).toBe('green');
  });

  it('never shows a value without a label as raw JSON', () => {
    render(<Select label="Gender" options={[]} value={['girl', 'boy']} onChange={() => undefined} />);
    expect((screen.getByRole('combobox', { name: 'Gender' }) as HTMLInputElement).value).toBe('girl, boy');
  });

  it('shows the placeholder when nothing is chosen', () => {
    render(<Select label="Color" options={COLORS} value={null} onChange={() => undefined} placeholder="Pick a colour" />);
    const input = screen.getByRole('combobox', { name: 'Color' }) as HTMLInputElement;
    expect(input.value).toBe('');
    expect(input.placeholder).toBe('Pick a colour');
  });
});

describe('Select: the list across a quick blur and focus', () => {
  it('stays open when focus comes back before the delayed close (Tab then Shift+Tab), and closes after a real blur', () => {
    vi.useFakeTimers();
    render(<Select label="Color" options={COLORS} value={null} onChange={() => undefined} />);
    const input = screen.getByRole('combobox', { name: 'Color' });
    fireEvent.focus(input);
    fireEvent.blur(input);
    act(() => vi.advanceTimersByTime(50));
    fireEvent.focus(input);
    act(() => vi.advanceTimersByTime(500));
    expect(input.getAttribute('aria-expanded')).toBe('true');
    fireEvent.blur(input);
    act(() => vi.advanceTimersByTime(200));
    expect(input.getAttribute('aria-expanded')).toBe('false');
  });
});
