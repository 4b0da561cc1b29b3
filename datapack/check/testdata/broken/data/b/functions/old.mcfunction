say this folder is ignored since 1.21
