
/// Passwords at the top of every breach list, refused outright (lowercased).
enum CommonPasswords {
    private static let list: Set<String> = [
        "1234567890", "12345678910", "0123456789", "1111111111", "0000000000", "1234512345", "qwertyuiop",
        "password12", "password123", "password1234", "passw0rd123", "iloveyou12", "qwerty1234", "qwerty123456",
        "1q2w3e4r5t", "1qaz2wsx3edc", "abcdefghij", "abc1234567", "letmein123", "welcome123", "football12",
        "baseball12", "superman12", "trustno1234", "sunshine12", "princess12", "dragon1234", "monkey1234",
        "starwars12", "whatever12", "administrator", "changeme123", "passwordpassword", "zaq12wsxcde",
        "asdfghjkl1", "asdfghjkl;", "123qweasdzxc", "q1w2e3r4t5", "987654321a", "9876543210",
    ]

    static func contains(_ password: String) -> Bool { list.contains(password) }
}
