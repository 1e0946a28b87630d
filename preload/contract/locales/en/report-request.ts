/**
 * The parts of a report request (spec §2.1) as the designer's fields name them; the JSON keys
 * stay as they are in the Raw JSON tab.
 */
export const reportRequest = {
  /** One per filter list of spec §2.1 (REPORT_FILTER_NAMES; a unit test keeps them together). */
  filters: {
    gates: 'Gates',
    companies: 'Companies',
    projects: 'Projects',
    endpoints: 'Endpoints',
    merchants: 'Merchants',
    processors: 'Processors',
    managers: 'Managers',
    resellers: 'Resellers',
    currencies: 'Currencies',
  },
  /** An input parameter's type by what it holds; the gateway's name (INPUT_TEXT) in code font. */
  parameterTypes: {
    INPUT_TEXT: 'Text',
  },
  /** The example template's seeded name, while the user has not renamed it (example-template.ts). */
  exampleTemplate: 'Transactions — last 30 days',
  /** A problem inside a list, at its item: "Item 3: Must be text, not a list". */
  item: 'Item {n}',
}
