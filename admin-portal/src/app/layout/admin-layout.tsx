import { useEffect, useId, useState } from 'react';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { useAdminSession } from '../admin-session';
import { useRuntimeConfig } from '../config-context';
import { useAdminI18n } from '../i18n';
import styles from './admin-layout.module.css';

const NAV_ITEMS = [
  { to: '/portal-admin/dashboard', label: /*i18n*/ 'nav.dashboard', icon: <DashboardIcon /> },
  { to: '/portal-admin/applicants', label: /*i18n*/ 'nav.applicants', icon: <ApplicantsIcon /> },
  {
    to: '/portal-admin/flagged-payments',
    label: /*i18n*/ 'nav.flaggedPayments',
    icon: <FlagIcon />,
  },
  // The server refuses these to staff; the sidebar only hides them.
  {
    to: '/portal-admin/audit',
    label: /*i18n*/ 'nav.audit',
    icon: <AuditIcon />,
    superuserOnly: true,
  },
  {
    to: '/portal-admin/staff',
    label: /*i18n*/ 'nav.staff',
    icon: <StaffIcon />,
    superuserOnly: true,
  },
  { to: '/portal-admin/security', label: /*i18n*/ 'nav.security', icon: <ShieldIcon /> },
] as const;

/** The staff shell: collapsible sidebar on wide screens, a slide-in menu on small ones. */
export function AdminLayout() {
  const { productName } = useRuntimeConfig();
  const { user, signOut } = useAdminSession();
  const i18n = useAdminI18n();
  const navigate = useNavigate();
  const location = useLocation();
  const [collapsed, setCollapsed] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  const sidebarId = useId();

  // A navigation closes the mobile menu, whichever link caused it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on purpose when the path changes
  useEffect(() => setMenuOpen(false), [location.pathname]);

  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);

  async function logout() {
    setSigningOut(true);
    await signOut();
    navigate('/portal-admin/login', { replace: true });
  }

  const sidebarClasses = [styles.sidebar, collapsed && styles.collapsed, menuOpen && styles.open]
    .filter(Boolean)
    .join(' ');

  return (
    <div className={[styles.shell, collapsed && styles.shellCollapsed].filter(Boolean).join(' ')}>
      <header className={styles.topbar}>
        <button
          type="button"
          className={styles.menuButton}
          aria-expanded={menuOpen}
          aria-controls={sidebarId}
          aria-label={menuOpen ? i18n._('layout.closeMenu') : i18n._('layout.openMenu')}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <MenuIcon />
        </button>
        <span className={styles.topbarTitle}>{productName}</span>
      </header>

      {menuOpen ? (
        <button
          type="button"
          className={styles.backdrop}
          aria-label={i18n._('layout.closeMenu')}
          tabIndex={-1}
          onClick={() => setMenuOpen(false)}
        />
      ) : null}

      <aside id={sidebarId} className={sidebarClasses} aria-label={i18n._('layout.sidebar')}>
        <div className={styles.brand}>
          <span className={styles.logo} aria-hidden="true">
            {productName.charAt(0)}
          </span>
          <span className={styles.brandText}>
            <span className={styles.brandName}>{productName}</span>
            <span className={styles.brandSub}>{i18n._('layout.backOffice')}</span>
          </span>
        </div>
        <nav aria-label={i18n._('layout.mainNav')} className={styles.nav}>
          <ul>
            {NAV_ITEMS.filter(
              (item) => !('superuserOnly' in item && item.superuserOnly) || user?.is_superuser,
            ).map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  className={({ isActive }) =>
                    [styles.navLink, isActive && styles.active].filter(Boolean).join(' ')
                  }
                  title={collapsed ? i18n._(item.label) : undefined}
                >
                  {item.icon}
                  <span className={styles.label}>{i18n._(item.label)}</span>
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className={styles.footer}>
          {user ? (
            <p className={styles.user} title={user.username}>
              <span className={styles.label}>{i18n._('layout.signedInAs')} </span>
              <strong className={styles.label}>{user.username}</strong>
            </p>
          ) : null}
          <button
            type="button"
            className={styles.navLink}
            onClick={logout}
            disabled={signingOut}
            title={collapsed ? i18n._('layout.logout') : undefined}
          >
            <LogoutIcon />
            <span className={styles.label}>{i18n._('layout.logout')}</span>
          </button>
          <button
            type="button"
            className={styles.collapseButton}
            aria-pressed={collapsed}
            aria-label={
              collapsed ? i18n._('layout.expandSidebar') : i18n._('layout.collapseSidebar')
            }
            onClick={() => setCollapsed((value) => !value)}
          >
            <ChevronIcon />
          </button>
        </div>
      </aside>

      <div className={styles.main}>
        <Outlet />
      </div>
    </div>
  );
}

function Icon({ d }: { d: string }) {
  return (
    <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d={d}
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

function DashboardIcon() {
  return <Icon d="M4 4h7v7H4zM13 4h7v4h-7zM13 10h7v10h-7zM4 13h7v7H4z" />;
}

function ApplicantsIcon() {
  return (
    <Icon d="M16 19v-1a4 4 0 0 0-4-4H7a4 4 0 0 0-4 4v1M9.5 10a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7M21 19v-1a4 4 0 0 0-3-3.9M15.5 3.1a3.5 3.5 0 0 1 0 6.8" />
  );
}

function FlagIcon() {
  return <Icon d="M5 21V4M5 4h11l-2 4 2 4H5" />;
}

function AuditIcon() {
  return (
    <Icon d="M9 4h6M9 4a2 2 0 0 0-2 2H6a2 2 0 0 0-2 2v11a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V8a2 2 0 0 0-2-2h-1a2 2 0 0 0-2-2M8 12h8M8 16h5" />
  );
}

function StaffIcon() {
  return <Icon d="M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8M4 21v-1a6 6 0 0 1 6-6h4a6 6 0 0 1 6 6v1" />;
}

function ShieldIcon() {
  return <Icon d="M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6zM9 12l2 2 4-4" />;
}

function LogoutIcon() {
  return <Icon d="M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4M16 17l5-5-5-5M21 12H9" />;
}

function MenuIcon() {
  return <Icon d="M4 6h16M4 12h16M4 18h16" />;
}

function ChevronIcon() {
  return <Icon d="M15 18l-6-6 6-6" />;
}
