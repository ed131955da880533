import { Star } from 'lucide-react';

export interface FavoriteStarProps {
  /** Whether the object is a favourite; undefined while its status is unknown. */
  starred: boolean | undefined;
  /** The object's title, naming the button for assistive technology. */
  title: string;
  onToggle(): void;
}

/**
 * The favourite star of a list card or table row: a toggle button (aria-pressed) named after its object,
 * so each of a page's stars can be told apart. Clicks stay on the star: a card in bulk-select mode toggles
 * its selection on click.
 */
export function FavoriteStar({ starred, title, onToggle }: FavoriteStarProps) {
  return (
    <button
      type="button"
      className="bi-list-fav"
      aria-label={`Favorite ${title}`}
      aria-pressed={starred === true}
      disabled={starred === undefined}
      onClick={(event) => {
        event.stopPropagation();
        onToggle();
      }}
    >
      <Star size={16} aria-hidden="true" fill={starred ? 'currentColor' : 'none'} />
    </button>
  );
}
