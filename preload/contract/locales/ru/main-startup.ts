import type { Translation } from '../message-schema'
import type { mainStartup as english } from '../en/main-startup'

export const mainStartup: Translation<typeof english> = {
  'cannot-start': 'GateDesk не может запуститься',
  'native-modules':
    'Встроенные модули GateDesk (keytar, better-sqlite3) собраны для другой среды выполнения, чем эта версия Electron. Запустите GateDesk командой «npm start» — она пересоберёт их для Electron — или выполните «node scripts/ensure-native.mjs electron».',
  'no-data-dir':
    'GateDesk не знает, где его база данных: укажите в {variable} папку, в которой лежит (или должен лежать) файл {file}.',
  database: {
    unopenable:
      'Не удаётся открыть базу данных {file} ({reason}). Проверьте, что папка существует и у вас есть право записи в неё, или укажите в {variable} другую папку.',
    damaged:
      'База данных {file} повреждена ({reason}). GateDesk её не изменял. Восстановите её из резервной копии или перенесите в другое место (сохраните для поддержки) и перезапустите GateDesk, чтобы начать с пустой базой.',
    'not-a-database':
      'База данных {file} повреждена или это не база данных ({reason}). GateDesk её не изменял. Восстановите её из резервной копии или перенесите в другое место (сохраните для поддержки) и перезапустите GateDesk, чтобы начать с пустой базой.',
    'newer-version':
      'База данных {file} записана более новой версией GateDesk (версия схемы {found}; эта версия знает схемы до {known}). GateDesk её не изменял. Обновите GateDesk до последней версии или укажите в {variable} другую папку.',
    foreign:
      'Файл {file} — база данных SQLite другого приложения. GateDesk его не изменял. Уберите файл из папки или укажите в {variable} другую папку.',
  },
}
