"""yamlfiles"""
