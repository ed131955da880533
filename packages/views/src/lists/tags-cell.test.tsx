import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TagsCell } from './list-cells';

afterEach(cleanup);

describe('TagsCell', () => {
  it("links each custom tag to its entity page, leaves out system tags and folds the rest into '+N'", async () => {
    const tags = [
      { id: 1, name: 'owner:1', type: 'owner' },
      { id: 2, name: 'finance', type: 'custom' },
      { id: 3, name: 'q3' },
      { id: 4, name: 'kpi', type: 'custom' },
    ];
    render(<TagsCell tags={tags} max={2} />);
    expect(screen.getByRole('link', { name: 'Tag: finance' }).getAttribute('href')).toBe('/superset/all_entities/?id=2');
    expect(screen.getByRole('link', { name: 'Tag: q3' }).getAttribute('href')).toBe('/superset/all_entities/?id=3');
    expect(screen.queryByText('owner:1')).toBeNull();
    const more = screen.getByText('+1');
    fireEvent.focusIn(more);
    expect((await screen.findByRole('tooltip')).textContent).toBe('kpi');
    expect(more.getAttribute('aria-describedby')).toBe(screen.getByRole('tooltip').id);
  });
});
