import type { components } from '../generated/schema';

/**
 * Response types of the World query API: aliases of the generated spec schemas (never retyped by hand),
 * so a world answer of the wrong shape fails `tsc`.
 */
type Schemas = components['schemas'];

export type ClarityValue = Schemas['ClarityValue'];
export type Brc20Token = Schemas['Brc20Token'];
export type Brc20Supply = Schemas['Brc20Supply'];
export type Brc20TokenDetails = Schemas['Brc20TokenDetails'];
export type SmartContractDeploymentStatus = Schemas['SmartContractDeploymentStatus'];
export type SmartContractDeployment = Schemas['SmartContractDeployment'];
export type SmartContractStatus = Schemas['SmartContractStatus'];
export type AssetEventType = Schemas['AssetEventType'];
export type AddressTransactionEvent = Schemas['AddressTransactionEvent'];
export type PostConditionPrincipal = Schemas['PostConditionPrincipal'];
export type FungibleConditionCode = Schemas['FungibleConditionCode'];
export type NonFungibleConditionCode = Schemas['NonFungibleConditionCode'];
export type PoxConditionCode = Schemas['PoxConditionCode'];
export type PostConditionAsset = Schemas['PostConditionAsset'];
export type PostCondition = Schemas['PostCondition'];
export type TransactionEvent = Schemas['TransactionEvent'];
export type TransactionStatus = Schemas['TransactionStatus'];
export type TransactionType = Schemas['TransactionType'];
export type AnchorMode = Schemas['AnchorMode'];
export type PostConditionMode = Schemas['PostConditionMode'];
export type TenureChangeCause = Schemas['TenureChangeCause'];
export type TransactionCommon = Schemas['TransactionCommon'];
export type TokenTransferPayload = Schemas['TokenTransferPayload'];
export type SmartContractPayload = Schemas['SmartContractPayload'];
export type ContractCallFunctionArg = Schemas['ContractCallFunctionArg'];
export type ContractCallPayload = Schemas['ContractCallPayload'];
export type PoisonMicroblockPayload = Schemas['PoisonMicroblockPayload'];
export type CoinbasePayload = Schemas['CoinbasePayload'];
export type TenureChangePayload = Schemas['TenureChangePayload'];
export type Transaction = Schemas['Transaction'];
export type AssetEventCounts = Schemas['AssetEventCounts'];
export type AddressTransaction = Schemas['AddressTransaction'];
export type StxTransfer = Schemas['StxTransfer'];
export type FtTransfer = Schemas['FtTransfer'];
export type NftTransfer = Schemas['NftTransfer'];
export type AddressTransactionWithTransfers = Schemas['AddressTransactionWithTransfers'];
export type Block = Schemas['Block'];
