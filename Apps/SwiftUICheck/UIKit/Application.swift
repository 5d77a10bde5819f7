// The app delegate an app shell adopts for what only UIKit reports: the push token APNs gave
// this device, or why it gave none.
// On Apple's SDKs `UIApplicationDelegateAdaptor` is SwiftUI's; it is declared here because it
// names UIKit's delegate protocol, and an app shell imports both.
@_exported import Foundation
import SwiftUI

// https://developer.apple.com/documentation/uikit/uiresponder
@available(iOS 2.0, *)
@MainActor open class UIResponder: NSObject {}

// https://developer.apple.com/documentation/uikit/uiapplication
@available(iOS 2.0, *)
@MainActor open class UIApplication: UIResponder {
    // https://developer.apple.com/documentation/uikit/uiapplication/shared
    open class var shared: UIApplication { fatalError() }
    // https://developer.apple.com/documentation/uikit/uiapplication/registerforremotenotifications()
    open func registerForRemoteNotifications() { fatalError() }

    // https://developer.apple.com/documentation/uikit/uiapplication/launchoptionskey
    public struct LaunchOptionsKey: Hashable, Equatable, RawRepresentable, @unchecked Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
    }
}

// https://developer.apple.com/documentation/uikit/uiapplicationdelegate
// Its methods are `optional` in Objective-C; here each has a default in the extension below, which
// is what leaving an optional method out amounts to for a type-check.
@available(iOS 2.0, *)
@MainActor public protocol UIApplicationDelegate: NSObjectProtocol {
    // https://developer.apple.com/documentation/uikit/uiapplicationdelegate/application(_:didfinishlaunchingwithoptions:)
    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool
    // https://developer.apple.com/documentation/uikit/uiapplicationdelegate/application(_:didregisterforremotenotificationswithdevicetoken:)
    func application(_ application: UIApplication, didRegisterForRemoteNotificationsWithDeviceToken deviceToken: Data)
    // https://developer.apple.com/documentation/uikit/uiapplicationdelegate/application(_:didfailtoregisterforremotenotificationswitherror:)
    func application(_ application: UIApplication, didFailToRegisterForRemoteNotificationsWithError error: any Error)
}

extension UIApplicationDelegate {
    // https://developer.apple.com/documentation/uikit/uiapplicationdelegate/application(_:didfinishlaunchingwithoptions:)
    public func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        true
    }
    // https://developer.apple.com/documentation/uikit/uiapplicationdelegate/application(_:didregisterforremotenotificationswithdevicetoken:)
    public func application(_ application: UIApplication, didRegisterForRemoteNotificationsWithDeviceToken deviceToken: Data) {}
    // https://developer.apple.com/documentation/uikit/uiapplicationdelegate/application(_:didfailtoregisterforremotenotificationswitherror:)
    public func application(_ application: UIApplication, didFailToRegisterForRemoteNotificationsWithError error: any Error) {}
}

// https://developer.apple.com/documentation/swiftui/uiapplicationdelegateadaptor
@available(iOS 14.0, *)
@MainActor @preconcurrency @propertyWrapper public struct UIApplicationDelegateAdaptor<DelegateType>: DynamicProperty
where DelegateType: NSObject, DelegateType: UIApplicationDelegate {
    // https://developer.apple.com/documentation/swiftui/uiapplicationdelegateadaptor/init(_:)-59sfu
    public init(_ delegateType: DelegateType.Type = DelegateType.self) { fatalError() }
    // https://developer.apple.com/documentation/swiftui/uiapplicationdelegateadaptor/wrappedvalue
    public var wrappedValue: DelegateType { fatalError() }
}
