print("validate")
