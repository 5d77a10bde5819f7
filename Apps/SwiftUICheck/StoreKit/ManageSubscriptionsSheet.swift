// StoreKit's SwiftUI overlay (`_StoreKit_SwiftUI`, brought in by `import SwiftUI` with
// `import StoreKit`): the App Store's own subscription management sheet.
import SwiftUI

@available(iOS 15.0, macCatalyst 15.0, visionOS 1.0, *)
@available(macOS, unavailable)
@available(tvOS, unavailable)
@available(watchOS, unavailable)
extension View {
    // https://developer.apple.com/documentation/swiftui/view/managesubscriptionssheet(ispresented:)
    nonisolated public func manageSubscriptionsSheet(isPresented: Binding<Bool>) -> some View { self }
}
