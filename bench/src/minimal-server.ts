/**
 * The floor under "within 1.5× the same SQL run directly" (issue 17): a Node HTTP server with
 * nothing but postgres-js. `GET /<n>` sends scenario n's captured statements one after another,
 * as the portal's server sent them, and answers the body the portal answered. What the portal's
 * server takes beyond this one is its own work: routing, hooks, the sign-in check, building the
 * SQL and the JSON.
 *
 * Run as a child process: `node --import tsx minimal-server.ts <scenarios.json> <port>`, with
 * DATABASE_URL; it prints "ready" when it listens.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import postgres from 'postgres';

export interface MinimalScenario {
  statements: string[];
  body: string;
}

const [file, port] = process.argv.slice(2);
const scenarios = JSON.parse(readFileSync(file!, 'utf8')) as MinimalScenario[];
const sql = postgres(process.env.DATABASE_URL!, { max: 10, onnotice: () => {} });

const server = createServer((request, response) => {
  const scenario = scenarios[Number(request.url?.slice(1))];
  if (!scenario) {
    response.writeHead(404).end();
    return;
  }
  void (async () => {
    try {
      for (const statement of scenario.statements) await sql.unsafe(statement);
      response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      response.end(scenario.body);
    } catch (error) {
      response.writeHead(500, { 'content-type': 'text/plain' });
      response.end(String(error));
    }
  })();
});
server.listen(Number(port), '127.0.0.1', () => console.log('ready'));
process.on('SIGTERM', () => {
  server.close();
  void sql.end().then(() => process.exit(0));
});
