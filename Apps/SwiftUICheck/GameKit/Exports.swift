// Apple's GameKit re-exports Foundation for the code that uses it.
// https://developer.apple.com/documentation/gamekit
@_exported import Foundation
