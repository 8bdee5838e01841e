import { signUpClient, staffToken } from '../../support/admin';
import { expect, test } from '../../support/fixtures';

// The machine running the journeys is shared and busy; time limits leave room for that.
test.describe.configure({ timeout: 120_000 });

const ADMIN_CALLS = [
  ['GET', '/api/registration/admin/profiles/'],
  ['GET', '/api/registration/admin/dashboard/'],
  ['GET', '/api/registration/admin/profiles/export/'],
  ['POST', '/api/registration/registration/1/toggle-delivered/'],
] as const;

test('a client account cannot reach any admin page or admin API', async ({ page, request }) => {
  const client = await signUpClient(request);

  // The API: every admin endpoint refuses the client's token, and anonymous callers.
  for (const [method, path] of ADMIN_CALLS) {
    const asClient = await request.fetch(path, {
      method,
      headers: { Authorization: `Bearer ${client.access}` },
    });
    expect(asClient.status(), `${method} ${path} as a client`).toBe(403);
    const anonymous = await request.fetch(path, { method });
    expect(anonymous.status(), `${method} ${path} without a token`).toBe(401);
  }
  // Staff get through (the same calls are not simply broken).
  const staff = await staffToken(request);
  const allowed = await request.get('/api/registration/admin/dashboard/', {
    headers: { Authorization: `Bearer ${staff}` },
  });
  expect(allowed.status()).toBe(200);

  // The admin login refuses the client's credentials.
  const login = await request.post('/api/accounts/admin/login/', {
    data: { username: client.phone, password: client.password },
  });
  expect(login.status()).toBe(401);

  // The pages: a signed-in client, even with its token where the admin token would be, sees
  // only the admin login.
  await page.goto('/portal-admin/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeVisible({
    timeout: 30_000,
  });
  await page.evaluate(
    ({ access }) => {
      localStorage.setItem('role', 'client');
      localStorage.setItem('client_access_token', access);
      localStorage.setItem('admin_access_token', access);
    },
    { access: client.access },
  );
  for (const path of ['/portal-admin/dashboard', '/portal-admin/applicants', '/portal-admin/x']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/portal-admin\/login$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  }
  // Typing the client's phone and password into the admin form does not get in either.
  await page.getByRole('textbox', { name: 'Username' }).fill(client.phone);
  await page.getByLabel(/^Password/).fill(client.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Login failed: Invalid credentials. 2 attempts remaining.',
  );
  await expect(page).toHaveURL(/\/portal-admin\/login$/);
});
