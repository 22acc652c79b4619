/**
 * The deprecated `ethnic_appearances` words (`mitteleuropaisch`) for the ethnic background ids
 * that replaced them. The provider serves both; its example pairs background 6471 and detail 6473
 * with `mitteleuropaisch` (actor-profiles.md), so a regional detail names the appearance and a
 * general background names it only where no detail of it is given. Country details name none.
 */
const appearanceOfId: Readonly<Record<string, string>> = {
  6465: 'afrikanisch',
  6466: 'afroamerikanisch',
  6467: 'afrokaribisch',
  6468: 'asiatisch',
  6469: 'ostasiatisch',
  6470: 'sudostasiatisch',
  6471: 'europaisch',
  6472: 'nordeuropaisch',
  6473: 'mitteleuropaisch',
  6474: 'osteuropaisch',
  6475: 'sudeuropaisch',
  6476: 'westeuropaisch',
  6477: 'nahostlich-nordafrikanisch',
  6478: 'sudasiatisch',
  6479: 'lateinamerikanisch',
  6480: 'indigen-amerikanisch',
  6481: 'pazifisch',
  6482: 'gemischt',
  6506: 'zentralasiatisch',
};

/** The general background each regional detail belongs to (ethnic_background_details.json). */
export const generalOfRegionalDetail: Readonly<Record<string, string>> = {
  6466: '6465', 6467: '6465',
  6469: '6468', 6470: '6468',
  6472: '6471', 6473: '6471', 6474: '6471', 6475: '6471', 6476: '6471',
};

/** The appearance words of a profile's background and detail ids (unknown ids name none). */
export function ethnicAppearances(background: readonly string[], details: readonly string[]): string[] {
  const refined = new Set(details.map((id) => generalOfRegionalDetail[id]).filter((id) => id !== undefined));
  const words = [...background.filter((id) => !refined.has(id)), ...details].map((id) => appearanceOfId[id]);
  return [...new Set(words.filter((word) => word !== undefined))];
}
