// Apple's UserNotifications re-exports Foundation for the code that uses it.
// https://developer.apple.com/documentation/usernotifications
@_exported import Foundation
