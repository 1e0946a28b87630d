/** Names screen readers announce for controls that show only an icon or a sign. */
export const accessibility = {
  stepDown: 'Decrease',
  stepUp: 'Increase',
  progress: 'Progress',
  previousPage: 'Previous page',
  nextPage: 'Next page',
}
