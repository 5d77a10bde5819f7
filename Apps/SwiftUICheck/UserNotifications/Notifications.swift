// The part of UserNotifications Quortex's notification handling uses: the categories and their
// actions, and the delegate that hears which one the player chose.

// https://developer.apple.com/documentation/usernotifications/unnotificationactionoptions
public struct UNNotificationActionOptions: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    // https://developer.apple.com/documentation/usernotifications/unnotificationactionoptions/authenticationrequired
    public static let authenticationRequired = UNNotificationActionOptions(rawValue: 1 << 0)
    // https://developer.apple.com/documentation/usernotifications/unnotificationactionoptions/destructive
    public static let destructive = UNNotificationActionOptions(rawValue: 1 << 1)
    // https://developer.apple.com/documentation/usernotifications/unnotificationactionoptions/foreground
    public static let foreground = UNNotificationActionOptions(rawValue: 1 << 2)
}

// https://developer.apple.com/documentation/usernotifications/unnotificationcategoryoptions
public struct UNNotificationCategoryOptions: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
}

// https://developer.apple.com/documentation/usernotifications/unnotificationpresentationoptions
public struct UNNotificationPresentationOptions: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    // https://developer.apple.com/documentation/usernotifications/unnotificationpresentationoptions/badge
    public static let badge = UNNotificationPresentationOptions(rawValue: 1 << 0)
    // https://developer.apple.com/documentation/usernotifications/unnotificationpresentationoptions/sound
    public static let sound = UNNotificationPresentationOptions(rawValue: 1 << 1)
    // https://developer.apple.com/documentation/usernotifications/unnotificationpresentationoptions/list
    public static let list = UNNotificationPresentationOptions(rawValue: 1 << 3)
    // https://developer.apple.com/documentation/usernotifications/unnotificationpresentationoptions/banner
    public static let banner = UNNotificationPresentationOptions(rawValue: 1 << 4)
}

// https://developer.apple.com/documentation/usernotifications/unnotificationaction
open class UNNotificationAction: NSObject, @unchecked Sendable {
    // https://developer.apple.com/documentation/usernotifications/unnotificationaction/init(identifier:title:options:)
    public convenience init(identifier: String, title: String, options: UNNotificationActionOptions = []) { fatalError() }
}

// https://developer.apple.com/documentation/usernotifications/unnotificationcategory
open class UNNotificationCategory: NSObject, @unchecked Sendable {
    // https://developer.apple.com/documentation/usernotifications/unnotificationcategory/init(identifier:actions:intentidentifiers:options:)
    public convenience init(
        identifier: String, actions: [UNNotificationAction], intentIdentifiers: [String], options: UNNotificationCategoryOptions = []
    ) { fatalError() }
}

// https://developer.apple.com/documentation/usernotifications/unnotificationcontent
open class UNNotificationContent: NSObject, @unchecked Sendable {
    // https://developer.apple.com/documentation/usernotifications/unnotificationcontent/userinfo
    open var userInfo: [AnyHashable: Any] { fatalError() }
}

// https://developer.apple.com/documentation/usernotifications/unnotificationrequest
open class UNNotificationRequest: NSObject, @unchecked Sendable {
    // https://developer.apple.com/documentation/usernotifications/unnotificationrequest/content
    open var content: UNNotificationContent { fatalError() }
}

// https://developer.apple.com/documentation/usernotifications/unnotification
open class UNNotification: NSObject, @unchecked Sendable {
    // https://developer.apple.com/documentation/usernotifications/unnotification/request
    open var request: UNNotificationRequest { fatalError() }
}

// https://developer.apple.com/documentation/usernotifications/unnotificationresponse
open class UNNotificationResponse: NSObject, @unchecked Sendable {
    // https://developer.apple.com/documentation/usernotifications/unnotificationresponse/notification
    open var notification: UNNotification { fatalError() }
    // https://developer.apple.com/documentation/usernotifications/unnotificationresponse/actionidentifier
    open var actionIdentifier: String { fatalError() }
}

// https://developer.apple.com/documentation/usernotifications/unusernotificationcenter
open class UNUserNotificationCenter: NSObject, @unchecked Sendable {
    // https://developer.apple.com/documentation/usernotifications/unusernotificationcenter/current()
    open class func current() -> UNUserNotificationCenter { fatalError() }
    // https://developer.apple.com/documentation/usernotifications/unusernotificationcenter/delegate
    weak open var delegate: (any UNUserNotificationCenterDelegate)? {
        get { fatalError() }
        set { fatalError() }
    }
    // https://developer.apple.com/documentation/usernotifications/unusernotificationcenter/setnotificationcategories(_:)
    open func setNotificationCategories(_ categories: Set<UNNotificationCategory>) { fatalError() }
}

// https://developer.apple.com/documentation/usernotifications/unusernotificationcenterdelegate
// Apple's requirements are `optional` (an Objective-C protocol); here they have default
// implementations instead, which a conformer's own methods satisfy the same way.
public protocol UNUserNotificationCenterDelegate: NSObjectProtocol {
    // https://developer.apple.com/documentation/usernotifications/unusernotificationcenterdelegate/usernotificationcenter(_:didreceive:withcompletionhandler:)
    func userNotificationCenter(_ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse) async
    // https://developer.apple.com/documentation/usernotifications/unusernotificationcenterdelegate/usernotificationcenter(_:willpresent:withcompletionhandler:)
    func userNotificationCenter(_ center: UNUserNotificationCenter, willPresent notification: UNNotification) async -> UNNotificationPresentationOptions
}

extension UNUserNotificationCenterDelegate {
    // https://developer.apple.com/documentation/usernotifications/unusernotificationcenterdelegate/usernotificationcenter(_:didreceive:withcompletionhandler:)
    public func userNotificationCenter(_ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse) async {}
    // https://developer.apple.com/documentation/usernotifications/unusernotificationcenterdelegate/usernotificationcenter(_:willpresent:withcompletionhandler:)
    public func userNotificationCenter(_ center: UNUserNotificationCenter, willPresent notification: UNNotification) async
        -> UNNotificationPresentationOptions
    { [] }
}
