import Foundation
import HTTPTypes
@testable import ParlorAccounts
import ParlorDatabase
import ParlorTestSupport
import ServerTestSupport
import Testing
import TestSupport

/// The user's locale: from the first sign-in's `Accept-Language`, set with `PUT /users/me`, and
/// the language of their mail.
@Suite struct LocaleTests {
    static func languages(_ value: String) -> HTTPFields { [.acceptLanguage: value] }

    @Test(arguments: TestDatabaseKind.available)
    func theFirstSignInsLanguageIsKeptAndNotOverwritten(kind: TestDatabaseKind) async throws {
        try await withAccountsServer(kind: kind) { server in
            let registered = try await server.call(
                "/auth/register", ["username": "sofia", "password": "correct horse battery", "email": "sofia@example.com"],
                headers: Self.languages("es-mx, es;q=0.9, en;q=0.8"))
            #expect(registered.user["locale"] as? String == "es-MX")
            // Her mail is in Spanish.
            let mail = try #require(try await server.waitForMails(1).first)
            #expect(mail.contains("Subject: Confirma tu dirección de correo"), "\(mail)")

            // A later sign-in in another language leaves it.
            let later = try await server.call(
                "/auth/login", ["login": "sofia", "password": "correct horse battery"], headers: Self.languages("en-GB"))
            #expect(later.user["locale"] as? String == "es-MX")
            let id = try #require(registered.user["id"] as? String)
            #expect(try await server.database.withConnection { sql in try await UserDirectory.locale(of: id, on: sql) } == "es-MX")
        }
    }

    @Test func wildcardsZeroQualitiesAndGarbageAreSkipped() async throws {
        try await withAccountsServer { server in
            let first = try await server.call(
                "/auth/guest", ["device_id": "device-one-0000000001"], headers: Self.languages("*;q=1, de;q=0, x!y;q=0.9, fr-ca;q=0.5, it;q=0.4"))
            #expect(first.status == .ok && first.user["locale"] as? String == "fr-CA")
            let none = try await server.call("/auth/guest", ["device_id": "device-two-0000000002"], headers: Self.languages("*, ;q=1, 123"))
            #expect(none.user["locale"] == nil)
            // An account without a locale takes the next sign-in's.
            let next = try await server.call("/auth/guest", ["device_id": "device-two-0000000002"], headers: Self.languages("pt-br"))
            #expect(next.user["locale"] as? String == "pt-BR")
            let unasked = try await server.call("/auth/guest", ["device_id": "device-three-000000003"])
            #expect(unasked.user["locale"] == nil)
        }
    }

    @Test(arguments: TestDatabaseKind.available)
    func theAccountSetsItsLocale(kind: TestDatabaseKind) async throws {
        try await withAccountsServer(kind: kind) { server in
            let token = try await server.guest()["access_token"]
            let set = try await server.call("/users/me", ["locale": "es"], method: .put, token: token)
            #expect(set.status == .ok && set.json["locale"] as? String == "es")
            for bad in ["not a tag", "e", "en_US", "en--US", String(repeating: "a", count: 8) + "-" + String(repeating: "b-", count: 14) + "c"] {
                let refused = try await server.call("/users/me", ["locale": bad], method: .put, token: token)
                #expect(refused.status == .badRequest && refused.invalidFields == ["locale"], "\(bad)")
            }
            #expect(try await server.call("/users/me", method: .get, token: token).json["locale"] as? String == "es", "a refused change writes nothing")
            let cleared = try await server.call("/users/me", ["locale": ""], method: .put, token: token)
            #expect(cleared.status == .ok && cleared.json["locale"] == nil)
        }
    }

    @Test func theResetMailIsInTheAccountsLanguageAndEnglishOtherwise() async throws {
        try await withAccountsServer { server in
            let token = try await server.register("ines", email: "ines@example.com")["access_token"]
            #expect(try await server.call("/users/me", ["locale": "es-AR"], method: .put, token: token).status == .ok)
            _ = try await server.call(
                "/auth/register", ["username": "kai", "password": "correct horse battery", "email": "kai@example.com"],
                headers: Self.languages("ja"))
            #expect(try await server.call("/auth/password/forgot", ["login": "ines"]).status == .accepted)
            #expect(try await server.call("/auth/password/forgot", ["login": "kai"]).status == .accepted)
            let mails = try await server.waitForMails(4)
            let spanish = mails.first { $0.contains("To: ines@example.com") && $0.contains("Restablece tu contraseña") }
            #expect(spanish?.contains("introduce este código en la app:") == true, "\(mails)")
            let english = mails.first { $0.contains("To: kai@example.com") && $0.contains("Subject: Reset your password") }
            #expect(english?.contains("enter this code in the app:") == true, "Japanese falls back to English")
        }
    }

    @Test func tagsAreNormalisedAndCheckedAsBCP47() {
        #expect(LocaleTag.normalized("PT-br") == "pt-BR")
        #expect(LocaleTag.normalized("zh-hant-tw") == "zh-Hant-TW")
        #expect(LocaleTag.normalized("es-419") == "es-419")
        #expect(LocaleTag.normalized("en-") == nil)
        #expect(LocaleTag.normalized("é") == nil)
        #expect(LocaleTag.normalized(String(repeating: "ab-", count: 12) + "ab") == nil, "longer than 35 characters")
        #expect(LocaleTag.preferred(inAcceptLanguage: "en;q=0.5, es;q=0.8") == "es")
        #expect(LocaleTag.preferred(inAcceptLanguage: "en;q=x, es;q=0.1") == "es", "a malformed quality skips its entry")
        #expect(LocaleTag.preferred(inAcceptLanguage: "da, en-gb;q=0.8") == "da")
        #expect(LocaleTag.preferred(inAcceptLanguage: "*;q=1, de;q=0, x!y;q=0.9, fr-ca;q=0.5, it;q=0.4") == "fr-CA")
        #expect(LocaleTag.preferred(inAcceptLanguage: "*, ;q=1, 123") == nil)
    }
}
