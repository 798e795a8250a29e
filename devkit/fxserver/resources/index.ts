export { type ChatFake, createChatFake, createOxLibFake } from './chat';
export { createEsxFake, type EsxFake, type EsxPlayerState } from './es-extended';
export { createOxInventoryFake, createQbInventoryFake, type InventoryFake } from './inventories';
export { DEFAULT_ITEMS, type FakeInventory, type ItemDef } from './inventory-model';
export { createNdCoreFake, type NdFake } from './nd-core';
export { createOxCoreFake, type OxCoreFake } from './ox-core';
export { createQbCoreFake, createQbxCoreFake, type QbFake, type QbPlayerState } from './qb-core';
export { createRsgFake, createVorpFake, type RedmFake } from './redm';
export { createVrpFake, type VrpFake, type VrpUser } from './vrp';
