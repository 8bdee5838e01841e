/**
 * The staff frame and its routes (src/app/staff-routes.tsx) are a chunk of their own (issue 17):
 * the login page downloads none of it. Whoever asks first starts the download (the login form on
 * submit, the routes while a stored session is checked); later calls share it.
 */
export const loadStaffRoutes = () => import('./staff-routes');
