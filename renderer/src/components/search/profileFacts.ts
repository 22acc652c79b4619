/**
 * What a list row says about a profile beyond its name, shared by the list, the grid and the
 * table: the year of birth a namesake is told apart by, worked out only from what the directory
 * gave.
 */

/**
 * The two years someone of `age` can have been born in, as of `today`: the directory sends an age
 * in whole years, not a date of birth, so the year is one of two and is said as such; no age, no
 * year.
 */
export function birthYearsFromAge(age: number | null, today: Date = new Date()): { early: number; late: number } | null {
  if (age === null || !Number.isInteger(age) || age < 0) return null;
  const late = today.getFullYear() - age;
  return { early: late - 1, late };
}
