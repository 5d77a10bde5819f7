// Apple's StoreKit re-exports Foundation (Date, URL, Decimal) for the code that uses it.
// https://developer.apple.com/documentation/storekit
@_exported import Foundation
