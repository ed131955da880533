import { useMemo, useRef, useState } from 'react';
import { checklistLines, groupByView, pairsMatching, selectedIn, toggleGroup, togglePair, type ChecklistLine } from './permission-groups';
import type { PermissionPair } from './permission-pairs';
import { useWindowedRows } from './use-windowed-rows';

export interface PermissionChecklistProps {
  pairs: readonly PermissionPair[];
  selected: ReadonlySet<number>;
  onChange(next: Set<number>): void;
  /** The server's refusal about the pairs, shown under the list. */
  error?: string;
}

const LINE_HEIGHT = 30;
const VIEW_HEIGHT = 330;

interface LineProps {
  line: ChecklistLine;
  selected: ReadonlySet<number>;
  onChange(next: Set<number>): void;
}

/** A view's heading: select all of its pairs (mixed when some are), and how many are selected. */
function GroupLine({ group, selected, onChange }: Omit<LineProps, 'line'> & { group: Extract<ChecklistLine, { kind: 'group' }>['group'] }) {
  const count = selectedIn(group, selected);
  return (
    <label className="bi-pair-checklist__group" title={group.view}>
      <input
        type="checkbox"
        aria-label={`All of ${group.view}`}
        checked={count === group.pairs.length}
        ref={(el) => {
          if (el) el.indeterminate = count > 0 && count < group.pairs.length;
        }}
        onChange={() => onChange(toggleGroup(selected, group))}
      />
      <span className="bi-pair-checklist__view">{group.view}</span>
      <span className="bi-pair-checklist__count">
        {count} of {group.pairs.length}
      </span>
    </label>
  );
}

/** A view holding one pair: the view's name, its permission beside it. */
function SingleLine({ pair, selected, onChange }: Omit<LineProps, 'line'> & { pair: PermissionPair }) {
  return (
    <label className="bi-pair-checklist__single" title={`${pair.permission} on ${pair.view}`}>
      <input type="checkbox" aria-label={`${pair.permission} on ${pair.view}`} checked={selected.has(pair.id)} onChange={() => onChange(togglePair(selected, pair.id))} />
      <span className="bi-pair-checklist__view">{pair.view}</span>
      {/* all_datasource_access is both the permission and its view: said once. */}
      {pair.permission !== pair.view && <span className="bi-pair-checklist__count">{pair.permission}</span>}
    </label>
  );
}

function Line({ line, selected, onChange }: LineProps) {
  if (line.kind === 'group') return <GroupLine group={line.group} selected={selected} onChange={onChange} />;
  if (line.kind === 'single') return <SingleLine pair={line.pair} selected={selected} onChange={onChange} />;
  const { pair } = line;
  return (
    <label className="bi-pair-checklist__pair" title={`${pair.permission} on ${pair.view}`}>
      <input type="checkbox" aria-label={`${pair.permission} on ${pair.view}`} checked={selected.has(pair.id)} onChange={() => onChange(togglePair(selected, pair.id))} />
      <span>{pair.permission}</span>
    </label>
  );
}

/**
 * The role dialog's permission pairs: a search over permission and view names, a 'Selected only' switch, and
 * the pairs grouped by view with select-all per view and counts. Only the lines in view are drawn, so
 * hundreds of datasource_access pairs stay quick.
 */
export function PermissionChecklist({ pairs, selected, onChange, error }: PermissionChecklistProps) {
  const [search, setSearch] = useState('');
  const [onlySelected, setOnlySelected] = useState(false);
  const lines = useMemo(() => {
    const shown = pairsMatching(onlySelected ? pairs.filter((p) => selected.has(p.id)) : pairs, search);
    return checklistLines(groupByView(shown));
  }, [pairs, search, onlySelected, selected]);
  const w = useWindowedRows(lines.length, LINE_HEIGHT, VIEW_HEIGHT);
  const scroller = useRef<HTMLDivElement>(null);
  // A new search or switch shows its first lines, not the old scroll position.
  const filterBy = (apply: () => void) => {
    apply();
    if (scroller.current) scroller.current.scrollTop = 0;
  };

  return (
    <div className="bi-pair-checklist">
      <div className="bi-pair-checklist__tools">
        <input
          type="search"
          aria-label="Search permissions"
          placeholder="Search permissions, e.g. read chart"
          value={search}
          onChange={(e) => filterBy(() => setSearch(e.target.value))}
          // Enter searches as the user types already; it must not submit the role dialog.
          onKeyDown={(e) => e.key === 'Enter' && e.preventDefault()}
        />
        <label className="bi-form-check">
          <input type="checkbox" checked={onlySelected} onChange={(e) => filterBy(() => setOnlySelected(e.target.checked))} /> Selected only
        </label>
        <span className="bi-pair-checklist__total" aria-live="polite">
          {selected.size} of {pairs.length} selected
        </span>
      </div>
      <div ref={scroller} className="bi-pair-checklist__scroll" role="group" aria-label="Permissions" style={{ height: VIEW_HEIGHT }} onScroll={w.onScroll}>
        {lines.length === 0 && <p className="bi-pair-checklist__empty">No permission matches.</p>}
        <div style={{ height: w.totalHeight, position: 'relative' }}>
          {lines.slice(w.start, w.end).map((line, i) => (
            <div key={line.kind === 'group' ? `v:${line.group.view}` : `p:${line.pair.id}`} className="bi-pair-checklist__line" style={{ top: (w.start + i) * LINE_HEIGHT, height: LINE_HEIGHT }}>
              <Line line={line} selected={selected} onChange={onChange} />
            </div>
          ))}
        </div>
      </div>
      {error && (
        <p className="bi-field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
