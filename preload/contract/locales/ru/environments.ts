import type { Translation } from '../message-schema'
import type { environments as english } from '../en/environments'

export const environments: Translation<typeof english> = {
  picker: 'Окружение',
  productionTag: 'БОЕВОЕ',
  kinds: {
    sandbox: 'песочница',
    integration: 'тестовое',
    production: 'боевое',
  },
  form: {
    name: 'Название',
    namePlaceholder: 'например, «Боевое»',
    kind: 'Тип',
    kindIntegration: 'Тестовое (интеграция)',
    kindProduction: 'Боевое (реальные платежи)',
    baseUrl: 'Базовый URL',
    endpointId: 'ID эндпоинта',
    endpointIdPlaceholder: 'идентификатор эндпоинта, выданный шлюзом',
    merchantLogin: 'Логин мерчанта',
    merchantLoginPlaceholder: 'логин, выданный шлюзом',
    updateRecurringPath: 'Путь update-recurring-payment',
    reportPath: 'Путь отчётов',
    oauthInBody: 'Дублировать параметры oauth_* в теле формы (как в примерах спецификации)',
    extraCaPem: 'Дополнительный сертификат УЦ (PEM, необязательно)',
    extraCaPemPlaceholder:
      '-----BEGIN CERTIFICATE----- … (только если у шлюза собственный удостоверяющий центр)',
    saveChanges: 'Сохранить изменения',
    add: 'Добавить окружение',
  },
  rules: {
    required: {
      name: 'Укажите название, например «Боевое» или «Тестовое (white label)»',
      baseUrl: 'Укажите базовый URL, например https://gate.example.com',
      endpointId: 'Укажите ID эндпоинта — идентификатор, выданный шлюзом',
      merchantLogin: 'Укажите логин мерчанта, выданный шлюзом',
    },
    tooLong:
      'Слишком длинное значение: не более {max} символа | Слишком длинное значение: не более {max} символов | Слишком длинное значение: не более {max} символов',
    kind: 'Тип — «тестовое» или «боевое» (песочница бывает только встроенная)',
  },
  productionGuard: {
    title: 'Отправить в боевое окружение «{name}»?',
    content:
      'Запрос уйдёт в боевой шлюз и затронет реальные платёжные данные. GateDesk спрашивает об этом один раз за сеанс для каждого боевого окружения.',
    confirm: 'Отправить в боевое',
  },
}
