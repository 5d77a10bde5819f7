#if canImport(SwiftUI)
import AppFoundation
import SwiftUI

/// The app's name over its tagline: how each of the five apps opens its screens.
struct BrandHeader: View {
    let brand: AppBrand

    var body: some View {
        VStack(spacing: 4) {
            Text(brand.name).font(.largeTitle)
            Text(brand.tagline).font(.subheadline).foregroundStyle(.secondary)
        }
    }
}
#endif
