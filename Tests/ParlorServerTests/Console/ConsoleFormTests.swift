import ParlorConsole
import Testing

/// The console's form reading: url-encoded bodies and queries, and multipart uploads.
@Suite struct ConsoleFormTests {
    @Test func urlEncodedFieldsDecodePlusAndPercent() {
        let fields = ConsoleForm.urlEncoded("q=Reporter+Rita&email=a%40b.c&empty=&flag&q=second")
        #expect(fields["q"] == ["Reporter Rita", "second"])
        #expect(fields["email"] == ["a@b.c"])
        #expect(fields["empty"] == [""])
        #expect(fields["flag"] == [""])
        #expect(ConsoleForm.urlEncoded("bad=%zz")["bad"] == ["%zz"], "a broken escape is kept as sent, not dropped")
    }

    @Test func aMultipartUploadKeepsTheFileExactly() throws {
        let csv = "id,name\r\np1,Ann\r\n\r\n"
        let body = Array("""
            --XyZ\r
            Content-Disposition: form-data; name="csrf"\r
            \r
            token\r
            --XyZ\r
            Content-Disposition: form-data; name="csv"; filename="players.csv"\r
            Content-Type: text/csv\r
            \r
            \(csv)\r
            --XyZ--\r

            """.utf8)
        let form = try ConsoleForm.parse(contentType: "multipart/form-data; boundary=XyZ", body: body)
        #expect(form["csrf"] == "token")
        let file = try #require(form.files["csv"])
        #expect(file.filename == "players.csv")
        #expect(file.contentType == "text/csv")
        #expect(file.text == csv, "line ends inside the file, even a trailing blank line, are the file's own")
    }

    @Test func malformedFormsAreRefusedWithAReason() {
        #expect(throws: ConsoleProblem.self) { try ConsoleForm.parse(contentType: "application/json", body: Array("{}".utf8)) }
        #expect(throws: ConsoleProblem.self) { try ConsoleForm.parse(contentType: "multipart/form-data", body: Array("x".utf8)) }
        #expect(throws: ConsoleProblem.self) {
            try ConsoleForm.parse(contentType: "multipart/form-data; boundary=B", body: Array("--B\r\nContent-Type: text/plain\r\n\r\nx\r\n--B--".utf8))
        }
        #expect(throws: ConsoleProblem.self) {
            try ConsoleForm.parse(contentType: "multipart/form-data; boundary=B", body: Array("--B\r\nno blank line".utf8))
        }
    }
}
