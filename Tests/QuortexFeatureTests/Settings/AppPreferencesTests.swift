import Foundation
import Quortex
import Testing

@testable import QuortexFeature
import TestSupport

/// The device's preferences where there is no UserDefaults to keep them (the terminal): a JSON
/// file, read back as written, and read as the defaults when missing, damaged or from a newer build.
@Suite struct AppPreferencesTests {
    @Test func aFileKeepsWhatWasSaved() async throws {
        try await withTemporaryDirectory { folder in
            let url = folder.appendingPathComponent("app/quortex-preferences.json")
            let preferences = AppPreferences.file(url)
            #expect(preferences.load() == DevicePreferences(), "nothing saved yet reads as the defaults")
            let saved = DevicePreferences(sound: false, haptics: true, theme: .ocean)
            try preferences.save(saved)
            #expect(AppPreferences.file(url).load() == saved)
        }
    }

    @Test func aDamagedFileReadsAsTheDefaults() async throws {
        try await withTemporaryDirectory { folder in
            let url = folder.appendingPathComponent("quortex-preferences.json")
            try Data("{not json".utf8).write(to: url)
            #expect(AppPreferences.file(url).load() == DevicePreferences())
        }
    }

    @Test func aThemeThisBuildDoesNotKnowReadsAsTheStandardOne() throws {
        let json = Data(#"{"sound":false,"haptics":false,"theme":"holographic"}"#.utf8)
        let read = try JSONDecoder().decode(DevicePreferences.self, from: json)
        #expect(read == DevicePreferences(sound: false, haptics: false, theme: .standard))
    }
}
