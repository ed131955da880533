import { displayName, type CurrentUser } from '../session/current-user';
import { usePopupMenu } from './use-popup-menu';

export interface UserMenuProps {
  user: Pick<CurrentUser, 'username' | 'first_name' | 'last_name' | 'email'>;
  /** Where Logout goes; a full page load, because the server ends the session and redirects. */
  logoutHref?: string;
}

/**
 * A button showing the user's name that opens a menu with Logout. Closes on Escape or a click elsewhere.
 *
 * @example
 * <UserMenu user={user} />
 */
export function UserMenu({ user, logoutHref = '/logout/' }: UserMenuProps) {
  const { open, setOpen, root, menuId } = usePopupMenu();

  const name = displayName(user);
  return (
    <div className="bi-user-menu" ref={root}>
      <button
        type="button"
        className="bi-user-menu__button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
      >
        {name}
      </button>
      {open && (
        <div className="bi-user-menu__popup" id={menuId} role="menu" aria-label={`User menu for ${name}`}>
          {user.email && <div className="bi-user-menu__email">{user.email}</div>}
          <a className="bi-user-menu__item" role="menuitem" href={logoutHref}>
            Logout
          </a>
        </div>
      )}
    </div>
  );
}
