import { SELECT_PAGE_SIZE, type ApiClient } from '@lumen-bi/core';
import { useEffect, useState } from 'react';
import { Modal } from '../components/modal';
import { Select } from '../components/select';
import type { SelectOption } from '../components/select-values';
import type { FilterOption } from './list-types';

export interface AddTagModalProps {
  client: ApiClient;
  show: boolean;
  onHide(): void;
  /** Called with the chosen tag names; new names create custom tags on the server. */
  onApply(tags: string[]): void | Promise<void>;
}

/** Loads custom tag names (spec 3 §7: GET /api/v1/tag/ with the custom-tag filter, name ascending). */
export async function loadTagOptions(client: ApiClient): Promise<SelectOption[]> {
  const { json } = await client.get<{ result: { id: number; name: string }[] }>('/api/v1/tag/', {
    rison: { filters: [{ col: 'type', opr: 'custom_tag', value: true }], order_column: 'name', order_direction: 'asc', page: 0, page_size: SELECT_PAGE_SIZE },
  });
  return json.result.map((tag) => ({ label: tag.name, value: tag.name }));
}

/** The options of a list's Tag filter: the custom tag names, as filter values. */
export const tagFilterLoader =
  (client: ApiClient) =>
  async (): Promise<FilterOption[]> =>
    (await loadTagOptions(client)).map((o) => ({ label: o.label, value: String(o.value) }));

/** Add Tag: pick existing tags or type new ones (pasting a list splits it), then tag every selected object. */
export function AddTagModal({ client, show, onHide, onApply }: AddTagModalProps) {
  const [options, setOptions] = useState<SelectOption[]>([]);
  const [tags, setTags] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!show) return;
    setTags([]);
    loadTagOptions(client).then(setOptions, (e: unknown) => setError((e as Error).message || 'An error has occurred'));
  }, [client, show]);
  return (
    <Modal
      title="Bulk tag"
      show={show}
      onHide={onHide}
      okText="Save"
      okDisabled={tags.length === 0}
      onOk={() => void onApply(tags)}
    >
      <Select label="Tags" multi freeForm options={options} value={tags} onChange={(v) => setTags((v as string[]) ?? [])} placeholder="Select or type tags" error={error} />
    </Modal>
  );
}
