// Apple's SwiftUI re-exports Foundation (CGFloat, Data, …) and Observation (the `Observable` that
// `Bindable` and `State` work with); a view file that writes only `import SwiftUI` sees them.
// https://developer.apple.com/documentation/swiftui
@_exported import Foundation
@_exported import Observation
