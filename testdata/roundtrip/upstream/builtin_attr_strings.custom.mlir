module {
  func.func @strings() attributes {s.backslash = "C:\\path\\to", s.empty = "", s.hex = "\00\01\FF", s.newline = "line1\0Aline2", s.plain = "hello", s.quote = "say \22hi\22", s.tab = "a\09b", s.typed = "abc" : i32, s.utf8 = "caf\C3\A9"} {
    return
  }
  func.func @string_in_array() attributes {s.list = ["a", "b\22c", "d\\e"]} {
    return
  }
}

