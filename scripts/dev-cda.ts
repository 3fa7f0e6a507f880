// `npm run dev:cda`: runs the local Content Delivery API simulator (seeded Salesforce-consulting blog)
// and prints the environment that points the site at it, so demos need no Contentful space.
import { startCdaSimulator } from '../tests/support/cda/simulator';

async function main(): Promise<void> {
  const port = Number(process.env.CDA_PORT ?? 8787);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`CDA_PORT must be a port number, got ${String(process.env.CDA_PORT)}`);
  const simulator = await startCdaSimulator({ port });
  const env = `CONTENTFUL_HOST=${simulator.host} CONTENTFUL_SPACE_ID=${simulator.space} CONTENTFUL_ACCESS_TOKEN=${simulator.accessToken}`;
  console.log(
    `CDA simulator listening on ${simulator.url} (space ${simulator.space}, environment ${simulator.environment})`,
  );
  console.log('Point the site at it with:');
  console.log(`  ${env}`);
  console.log(`  e.g. ${env} npm run dev`);
  console.log(`Preview token: CONTENTFUL_PREVIEW_TOKEN=${simulator.previewToken}`);
  console.log(`Sync API: ${simulator.url}/spaces/${simulator.space}/environments/${simulator.environment}/sync`);
  console.log('Change content while it runs (no token needed; entries or assets):');
  console.log(
    `  curl -X POST ${simulator.url}/__simulator/entries/ID/published -d '{"contentType":"blogpost","fields":{…}}'`,
  );
  console.log(`  curl -X DELETE ${simulator.url}/__simulator/entries/ID/published   # unpublish`);
  console.log(`  curl -X PUT ${simulator.url}/__simulator/entries/ID/archived       # archive`);
  console.log(`  curl -X DELETE ${simulator.url}/__simulator/entries/ID             # delete`);
  console.log('Press Ctrl+C to stop.');

  const stop = (): void => {
    void simulator.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
