/**
 * The title editor of a dashboard tab in edit mode: the design system's text input in place of the tab,
 * opened by double-clicking the tab. Enter or leaving the field keeps the title, Escape drops the change
 * (the browser's prompt() it replaces was an unstyled dialog outside the page).
 */
import type { KeyboardEvent } from 'react';

export interface TabTitleEditorProps {
  title: string;
  onCommit(title: string): void;
  onClose(): void;
}

export function TabTitleEditor({ title, onCommit, onClose }: TabTitleEditorProps) {
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') e.currentTarget.blur();
    if (e.key === 'Escape') {
      e.currentTarget.value = title;
      e.currentTarget.blur();
    }
  };
  return (
    <input
      className="bi-input bi-dash-tab__input"
      aria-label="Tab title"
      autoFocus
      defaultValue={title}
      onKeyDown={onKeyDown}
      onBlur={(e) => {
        const value = e.target.value.trim();
        if (value && value !== title) onCommit(value);
        onClose();
      }}
    />
  );
}
