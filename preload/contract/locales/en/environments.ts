/** Environments wherever they appear: the picker, the form, kinds, the production guard. */
export const environments = {
  picker: 'Environment',
  productionTag: 'PRODUCTION',
  kinds: {
    sandbox: 'sandbox',
    integration: 'integration',
    production: 'production',
  },
  form: {
    name: 'Name',
    namePlaceholder: 'e.g. Production',
    kind: 'Kind',
    kindIntegration: 'Integration (testing)',
    kindProduction: 'Production (live payments)',
    baseUrl: 'Base URL',
    endpointId: 'Endpoint ID',
    endpointIdPlaceholder: 'the endpoint identifier the gateway gave you',
    merchantLogin: 'Merchant login',
    merchantLoginPlaceholder: 'the login the gateway gave you',
    updateRecurringPath: 'Update-recurring-payment path',
    reportPath: 'Report path',
    oauthInBody: "Repeat the oauth_* parameters in the form body (as the spec's examples do)",
    extraCaPem: 'Extra CA certificate (PEM, optional)',
    extraCaPemPlaceholder: '-----BEGIN CERTIFICATE----- … (only if your gateway uses its own CA)',
    saveChanges: 'Save changes',
    add: 'Add environment',
  },
  /** The form's own wording of the contract's rules that carry no code (length, required). */
  rules: {
    required: {
      name: 'Name is required: e.g. "Production" or "Integration (white label)"',
      baseUrl: 'Base URL is required, e.g. https://gate.example.com',
      endpointId: 'Endpoint ID is required: the endpoint identifier the gateway gave you',
      merchantLogin: 'Merchant login is required: the login the gateway gave you',
    },
    tooLong: '{field} is too long: at most {max} characters',
    kind: 'Kind must be "integration" or "production" (the built-in Sandbox is the only sandbox environment)',
  },
  productionGuard: {
    title: 'Send to production: {name}?',
    content:
      'This request goes to the live gateway and acts on real payment data. GateDesk asks once per session for each production environment.',
    confirm: 'Send to production',
  },
}
