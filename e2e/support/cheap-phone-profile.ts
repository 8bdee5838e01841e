/**
 * A cheap Android phone on a slow mobile network, as the DevTools protocol emulates one: the CPU
 * slowed 6x and "slow 4G" (about 1.6 Mbps down, 750 kbps up, 150 ms round trip). The figures
 * are Lighthouse's mobile throttling, which is what our clients' phones measure like.
 */
export const CHEAP_PHONE = {
  viewport: { width: 360, height: 740 },
  cpuSlowdown: 6,
  network: {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  },
} as const;
