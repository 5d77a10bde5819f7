import Foundation
import Testing

@testable import SignInProviders

@Suite("Encoding helpers")
struct EncodingTests {
    @Test func formEncodingEscapesEverythingButUnreservedCharacters() {
        #expect(FormEncoding.escape("aZ09-._~") == "aZ09-._~")
        #expect(FormEncoding.escape("a b+c&d=e|f/g?h#é") == "a%20b%2Bc%26d%3De%7Cf%2Fg%3Fh%23%C3%A9")
        #expect(FormEncoding.encode([("k", "v w"), ("x", "")]) == "k=v%20w&x=")
    }

    @Test func endpointURLsJoinBaseAndPath() {
        #expect(EndpointURL.make("https://discord.com/api/", path: "/users/@me") == "https://discord.com/api/users/@me")
        #expect(
            EndpointURL.make("https://graph.facebook.com/v19.0", path: "/me", query: [("access_token", "1|2")])
                == "https://graph.facebook.com/v19.0/me?access_token=1%7C2")
    }

    @Test func cacheControlMaxAgeIsClamped() {
        #expect(CacheControl.maxAge("public, max-age=7200, must-revalidate", default: 3600) == 7200)
        #expect(CacheControl.maxAge(nil, default: 3600) == 3600)
        #expect(CacheControl.maxAge("no-cache", default: 3600) == CacheControl.minimumAge)
        #expect(CacheControl.maxAge("max-age=99999999", default: 3600) == CacheControl.maximumAge)
        #expect(CacheControl.maxAge("max-age=banana", default: 3600) == 3600)
    }

    @Test func digestsMatchKnownValues() {
        #expect(Digests.sha256Hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        // RFC 4231 test case 2.
        #expect(
            Digests.hmacSHA256Hex(key: "Jefe", message: "what do ya want for nothing?")
                == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
    }

    @Test func constantTimeEqualityComparesWholeStrings() {
        #expect(Digests.constantTimeEquals("nonce", "nonce"))
        #expect(!Digests.constantTimeEquals("nonce", "nonc"))
        #expect(!Digests.constantTimeEquals("nonce", "nonce\u{0}"))
        #expect(!Digests.constantTimeEquals("nonce", "Nonce"))
        #expect(Digests.constantTimeEquals("", ""))
    }

    @Test func base64URLRefusesPaddingAndTheStandardAlphabet() {
        #expect(Base64URL.decode("aGk") == Array("hi".utf8))
        #expect(Base64URL.decode("aGk=") == nil)
        #expect(Base64URL.decode("a+/b") == nil)
        #expect(Base64URL.decode("-_-_") == [0xFB, 0xFF, 0xBF])
        #expect(Base64URL.decode("a") == nil)
    }
}
