// biome-ignore-all lint: measurement code, golfed for size on purpose; not product code.
import { createCore, getBrc20Token, NotFoundError } from './core.js';
export async function run(fetch: any, ticker: string): Promise<string> {
  const core = createCore({ baseUrl: 'https://api.hiro.so', fetch });
  try {
    const { token } = await getBrc20Token(core, ticker);
    return `${token.ticker} ${token.max_supply}`;
  } catch (error) {
    if (error instanceof NotFoundError) return 'no such token';
    throw error;
  }
}
